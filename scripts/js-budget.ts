/**
 * The JavaScript budget of each screen's first load, checked on every build: the build fails
 * past it. A screen's first load is what a cold visit to it must fetch before it works: the entry
 * chunk, the screen's chunk, and every chunk either imports statically (the server and the worker
 * preload exactly those). Sizes are gzip level 9 of the emitted files: deterministic, whatever
 * the server's compression.
 */
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * KB (1,024 bytes) of gzip per screen, first load. The sign-in screen is what a patient on a slow
 * phone waits for; its target is 110 KB. It is 109.8 KB (128.8 before the first load was cut
 * down): React, React DOM and the router are about 92 of them, the app's code that takes the
 * screen over about 17. What only a press, a session's end, a new branding, a new version, the
 * install offer, the connection banner's words or an error screen need loads when needed (the
 * answers' schemas and their checker, the API client, the sign-in's action among them). The
 * patient's home needs the care journey's schemas to read its requests (the TypeBox builder,
 * about 25 KB). The contract's permission policy and its email and password rules, which the
 * screens and forms read instead of keeping their own copies, added up to 1.2 KB. The budget holds
 * each screen where it is, with under 1 KB to spare, so it can only shrink.
 */
export const FIRST_LOAD_BUDGET_KB: Readonly<Record<string, number>> = {
  // With the shell's keeper of early presses (0.2 KB), which every page loads.
  login: 111,
  'restablecer-acceso': 114.5,
  'terminos-y-condiciones': 113.5,
  // The care screens' shared loading and the router's form submissions.
  cliente: 142,
  // Its first load is 117.3 KB: the QR encoder and the sheet (about 7.5 KB) over the entry.
  instalar: 118.5,
  // Registration's fields and checks, and the join screens' shared parts, over the entry.
  registro: 116,
  // The directory as a signed-out visitor opens it (in the HTML): the care journey's schemas
  // that read the list (the TypeBox builder, about 19 KB) and the API client, over the entry;
  // the live stream's code only with a session (133.5 KB; 138.7 with it).
  directorio: 135,
}

/** Screens a patient opens: none of them may load the modules below before it works. */
export const PATIENT_SCREENS: readonly string[] = [
  'login',
  'cliente',
  'restablecer-acceso',
  'terminos-y-condiciones',
  'solicitar-asistencia',
  'directorio',
  'pagos',
  'registro',
]

/** The install sheet's own modules: only the install page loads them first. */
const INSTALL_SHEET_MODULES: readonly RegExp[] = [
  /[\\/]src[\\/]features[\\/]pwa[\\/](?:InstallSheet|install-qr)\.tsx?$/,
  /[\\/]node_modules[\\/]qrcode[\\/]/,
]

/** Administration, kiosk switching, install sheet and diagnostics: loaded by whoever opens them. */
export const NOT_IN_A_PATIENT_FIRST_LOAD: readonly RegExp[] = [
  /[\\/]src[\\/]features[\\/]admin[\\/]/,
  /[\\/]src[\\/]features[\\/]auth[\\/]KioskModePanel\.tsx$/,
  /[\\/]src[\\/]features[\\/]pwa[\\/]diagnostics\.tsx?$/,
  ...INSTALL_SHEET_MODULES,
]

/**
 * Public screens that are not a patient's, held to the same rule but for the modules they are
 * made of: the install page loads its sheet first, and nothing of administration, kiosk
 * switching or diagnostics.
 */
export const PUBLIC_SCREENS_OWN_MODULES: Readonly<Record<string, readonly RegExp[]>> = {
  instalar: INSTALL_SHEET_MODULES,
}

/** One emitted chunk, as the budget sees it. */
export interface BudgetChunk {
  fileName: string
  gzipBytes: number
  /** Chunks it imports statically: they load with it. */
  imports: readonly string[]
  /** The source modules it holds. */
  moduleIds: readonly string[]
  /** The screen whose module it is the chunk of (`src/app/routes/{screen}.tsx`), if any. */
  screen: string | null
  isEntry: boolean
}

function closure(chunks: ReadonlyMap<string, BudgetChunk>, fileName: string, seen: Set<string>) {
  if (seen.has(fileName)) return
  seen.add(fileName)
  for (const imported of chunks.get(fileName)?.imports ?? []) closure(chunks, imported, seen)
}

/** The chunks a cold visit to `screen` loads before it works. */
export function firstLoadOf(chunks: readonly BudgetChunk[], screen: string): BudgetChunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const seen = new Set<string>()
  for (const chunk of chunks) {
    if (chunk.isEntry || chunk.screen === screen) closure(byName, chunk.fileName, seen)
  }
  return [...seen].flatMap((fileName) => byName.get(fileName) ?? [])
}

const KB = 1024

/** Each budgeted screen's first load against its budget, one line each, as the build prints it. */
export function budgetReport(
  chunks: readonly BudgetChunk[],
  budgetKb: Readonly<Record<string, number>> = FIRST_LOAD_BUDGET_KB,
): string[] {
  return Object.entries(budgetKb).map(([screen, limit]) => {
    const bytes = firstLoadOf(chunks, screen).reduce((sum, chunk) => sum + chunk.gzipBytes, 0)
    return `${screen}: ${(bytes / KB).toFixed(1)} of ${String(limit)} KB gzip (${String(bytes)} bytes)`
  })
}

/** Every way the build breaks the budget, one readable line each (empty when within it). */
export function budgetProblems(
  chunks: readonly BudgetChunk[],
  budgetKb: Readonly<Record<string, number>> = FIRST_LOAD_BUDGET_KB,
): string[] {
  const problems: string[] = []
  const screens = new Set(chunks.flatMap((chunk) => (chunk.screen === null ? [] : [chunk.screen])))
  for (const [screen, limit] of Object.entries(budgetKb)) {
    if (!screens.has(screen)) {
      problems.push(`${screen}: no chunk for this screen in the build`)
      continue
    }
    const bytes = firstLoadOf(chunks, screen).reduce((sum, chunk) => sum + chunk.gzipBytes, 0)
    if (bytes > limit * KB) {
      problems.push(
        `${screen}: first load is ${(bytes / KB).toFixed(1)} KB gzip, over its ${String(limit)} KB budget`,
      )
    }
  }
  const heldScreens: [string, readonly RegExp[]][] = [
    ...PATIENT_SCREENS.map((screen): [string, readonly RegExp[]] => [screen, []]),
    ...Object.entries(PUBLIC_SCREENS_OWN_MODULES),
  ]
  for (const [screen, own] of heldScreens) {
    if (!screens.has(screen)) continue
    for (const chunk of firstLoadOf(chunks, screen)) {
      for (const id of chunk.moduleIds) {
        if (own.some((pattern) => pattern.test(id))) continue
        if (NOT_IN_A_PATIENT_FIRST_LOAD.some((pattern) => pattern.test(id))) {
          problems.push(`${screen}: its first load holds ${id} (in ${chunk.fileName})`)
        }
      }
    }
  }
  return problems
}

// A screen module: `src/app/routes/login.tsx` is the screen `login`.
const SCREEN_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z-]+)\.tsx$/

/** Fails the build when a screen's first load breaks its budget (FIRST_LOAD_BUDGET_KB). */
export function jsBudgetPlugin(): Plugin {
  return {
    name: 'clinica-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BudgetChunk[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                gzipBytes: gzipSync(output.code, { level: 9 }).length,
                imports: output.imports,
                moduleIds: output.moduleIds,
                screen:
                  output.isDynamicEntry && output.facadeModuleId
                    ? (SCREEN_MODULE.exec(output.facadeModuleId)?.[1] ?? null)
                    : null,
                isEntry: output.isEntry,
              },
            ]
          : // A script of its own, outside the module graph, loads with every page.
            output.fileName.endsWith('.js')
            ? [
                {
                  fileName: output.fileName,
                  gzipBytes: gzipSync(output.source, { level: 9 }).length,
                  imports: [],
                  moduleIds: [],
                  screen: null,
                  isEntry: true,
                },
              ]
            : [],
      )
      // Printed on every build: how much room each screen has left is read here, not guessed.
      console.info(`First-load JavaScript per screen:\n  ${budgetReport(chunks).join('\n  ')}`)
      const problems = budgetProblems(chunks)
      if (problems.length > 0) {
        this.error(`JavaScript budget exceeded (scripts/js-budget.ts):\n${problems.join('\n')}`)
      }
    },
  }
}
