/**
 * A guard against accidents in the build, not the measure of the app: the measure is what a person
 * waits for, which `npm run bench` checks against its targets (bench/targets.ts: the sign-in
 * usable in at most 0.6 of a plain PWA's time on a phone, cold, warm and offline, and no layout
 * shift). What this guard catches is the change nobody meant: a library pulled into every first
 * load, administration code reaching a patient's screen. A screen's first load is what a cold
 * visit to it must fetch before it works: the entry chunk, the screen's chunk, and every chunk
 * either imports statically (the server and the worker preload exactly those). Sizes are gzip
 * level 9 of the emitted files: deterministic, whatever the server's compression.
 */
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * KB (1,024 bytes) of gzip per screen's first load that only an accident reaches: 10–20% over
 * what each weighs as built (printed on every build), so ordinary work never meets it. Every screen
 * carries the page's cache of server state (TanStack Query, about 9 KB: docs/server-state.md).
 */
export const FIRST_LOAD_GUARD_KB: Readonly<Record<string, number>> = {
  login: 145,
  'restablecer-acceso': 170,
  'terminos-y-condiciones': 170,
  cliente: 180,
  instalar: 165,
  registro: 170,
  directorio: 170,
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
  /[\\/]src[\\/]features[\\/]pwa[\\/]install[\\/](?:InstallSheet|install-qr)\.tsx?$/,
  /[\\/]node_modules[\\/]qrcode[\\/]/,
]

/** Administration, kiosk switching, install sheet and diagnostics: loaded by whoever opens them. */
export const NOT_IN_A_PATIENT_FIRST_LOAD: readonly RegExp[] = [
  /[\\/]src[\\/]features[\\/]admin[\\/]/,
  /[\\/]src[\\/]features[\\/]auth[\\/]KioskModePanel\.tsx$/,
  /[\\/]src[\\/]features[\\/]pwa[\\/]support[\\/]diagnostics\.tsx?$/,
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

/** One emitted chunk, as the guard sees it. */
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

/** Each guarded screen's first load beside its guard, one line each, as the build prints it. */
export function budgetReport(
  chunks: readonly BudgetChunk[],
  guardKb: Readonly<Record<string, number>> = FIRST_LOAD_GUARD_KB,
): string[] {
  return Object.entries(guardKb).map(([screen, limit]) => {
    const bytes = firstLoadOf(chunks, screen).reduce((sum, chunk) => sum + chunk.gzipBytes, 0)
    return `${screen}: ${(bytes / KB).toFixed(1)} of ${String(limit)} KB gzip (${String(bytes)} bytes)`
  })
}

/** Every accident the guard finds in the build, one readable line each (empty when none). */
export function budgetProblems(
  chunks: readonly BudgetChunk[],
  guardKb: Readonly<Record<string, number>> = FIRST_LOAD_GUARD_KB,
): string[] {
  const problems: string[] = []
  const screens = new Set(chunks.flatMap((chunk) => (chunk.screen === null ? [] : [chunk.screen])))
  for (const [screen, limit] of Object.entries(guardKb)) {
    if (!screens.has(screen)) {
      problems.push(`${screen}: no chunk for this screen in the build`)
      continue
    }
    const bytes = firstLoadOf(chunks, screen).reduce((sum, chunk) => sum + chunk.gzipBytes, 0)
    if (bytes > limit * KB) {
      problems.push(
        `${screen}: first load is ${(bytes / KB).toFixed(1)} KB gzip, past its ${String(limit)} KB guard`,
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

/** Fails the build on an accident: a first load past its guard, or a module where it must not be. */
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
      // Printed on every build: what each screen's first load weighs is read here, not guessed.
      console.info(
        `First-load JavaScript per screen (gzip, beside its guard):\n  ${budgetReport(chunks).join('\n  ')}`,
      )
      const problems = budgetProblems(chunks)
      if (problems.length > 0) {
        this.error(`JavaScript guard (scripts/js-budget.ts):\n${problems.join('\n')}`)
      }
    },
  }
}
