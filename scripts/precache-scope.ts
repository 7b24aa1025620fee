/**
 * What the service worker precaches on its first install, and the build's check of that list.
 *
 * A first visit is most often a patient's, on a phone: the worker precaches the shell, the public
 * screens and the patient's screens (so each opens offline even if never visited), and leaves the
 * staff screens and the clinic's own devices' screens (their scripts, styles and prerendered
 * shells) to be cached the first time they load (cache-first on hashed assets,
 * src/sw/asset-route.ts): a screen opened once online opens offline afterwards.
 */
import type { Plugin } from 'vite'
import type { VitePWAOptions } from 'vite-plugin-pwa'
import { PRERENDERED_SCREENS, screenShellUrl } from '../src/contract/app-shell.js'

/** Workbox's manifest transform, as vite-plugin-pwa takes it. */
type ManifestTransform = NonNullable<
  NonNullable<Partial<VitePWAOptions>['injectManifest']>['manifestTransforms']
>[number]

/** Screens only staff open (DESIGN's care journey and administration): cached on first use. */
export const STAFF_SCREENS: readonly string[] = [
  'profesional',
  'referidos',
  'apanel',
  'admin',
  'admin-login',
]

/**
 * Screens a patient's phone has no use for offline: the install sheet the front desk prints (a
 * phone installing the app is online) and the waiting room's wall display. Cached on first use.
 */
export const CLINIC_DEVICE_SCREENS: readonly string[] = ['instalar', 'sala-de-espera']

/** Every screen left out of the first install. */
export const SCREENS_CACHED_ON_FIRST_USE: readonly string[] = [
  ...STAFF_SCREENS,
  ...CLINIC_DEVICE_SCREENS,
]

/** One emitted chunk as the precache scope sees it. */
export interface ScopeChunk {
  fileName: string
  isEntry: boolean
  /** The screen whose module it is the chunk of (`src/app/routes/{screen}.tsx`), if any. */
  screen: string | null
  /** Chunks it imports, statically or on demand. */
  imports: readonly string[]
  /** Style sheets that load with it. */
  css: readonly string[]
}

/**
 * Files of the build that only the given screens load: everything reachable from the entry (and
 * any script outside the module graph) without entering one of their chunks is kept; a chunk one
 * of them shares with any other screen is kept too.
 */
export function filesOnlyFor(
  chunks: readonly ScopeChunk[],
  screensLeftOut: readonly string[] = SCREENS_CACHED_ON_FIRST_USE,
): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const kept = new Set<string>()
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName)
    if (!chunk || kept.has(fileName)) return
    if (chunk.screen !== null && screensLeftOut.includes(chunk.screen)) return
    kept.add(fileName)
    for (const css of chunk.css) kept.add(css)
    for (const imported of chunk.imports) visit(imported)
  }
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName)
  const leftOut = new Set<string>()
  for (const chunk of chunks) {
    if (!kept.has(chunk.fileName)) leftOut.add(chunk.fileName)
    for (const css of chunk.css) if (!kept.has(css)) leftOut.add(css)
  }
  // The shells of those the build renders too (precache URLs have no leading slash).
  for (const screen of PRERENDERED_SCREENS) {
    if (screensLeftOut.includes(screen)) leftOut.add(screenShellUrl(screen).slice(1))
  }
  return leftOut
}

/** URLs listed more than once, each once. */
export function duplicateUrls(urls: readonly string[]): string[] {
  const seen = new Set<string>()
  const duplicates = new Set<string>()
  for (const url of urls) {
    if (seen.has(url)) duplicates.add(url)
    seen.add(url)
  }
  return [...duplicates]
}

/**
 * The build's precache scope: a Vite plugin that reads the client bundle's chunk graph, and the
 * Workbox manifest transform that drops the staff-only files from the precache and fails the
 * build on a URL listed twice (counting the entries vite-plugin-pwa adds after the transform,
 * which `addedLater` names).
 */
export function precacheScope(addedLater: () => readonly string[]): {
  plugin: Plugin
  transform: ManifestTransform
} {
  let leftOut: Set<string> | null = null
  return {
    plugin: {
      name: 'clinica-precache-scope',
      apply: 'build',
      generateBundle(_options, bundle) {
        const chunks: ScopeChunk[] = Object.values(bundle).flatMap((output) => {
          if (output.type === 'chunk') {
            return [
              {
                fileName: output.fileName,
                isEntry: output.isEntry,
                screen:
                  output.isDynamicEntry && output.facadeModuleId
                    ? (SCREEN_MODULE.exec(output.facadeModuleId)?.[1] ?? null)
                    : null,
                imports: [...output.imports, ...output.dynamicImports],
                css: [...(output.viteMetadata?.importedCss ?? [])],
              },
            ]
          }
          // A script of its own, outside the module graph, loads with every page.
          return output.fileName.endsWith('.js')
            ? [{ fileName: output.fileName, isEntry: true, screen: null, imports: [], css: [] }]
            : []
        })
        const screens = new Set(chunks.map((chunk) => chunk.screen))
        const missing = SCREENS_CACHED_ON_FIRST_USE.filter((screen) => !screens.has(screen))
        if (missing.length > 0) {
          this.error(`Precache scope: no chunk for the screens ${missing.join(', ')}`)
        }
        leftOut = filesOnlyFor(chunks)
      },
    },
    transform: (entries) => {
      if (leftOut === null) throw new Error('Precache scope: the client bundle was not read')
      const scoped = leftOut
      const manifest = entries.filter((entry) => !scoped.has(entry.url))
      const duplicates = duplicateUrls([...manifest.map((entry) => entry.url), ...addedLater()])
      if (duplicates.length > 0) {
        throw new Error(`The precache lists these URLs more than once: ${duplicates.join(', ')}`)
      }
      return Promise.resolve({ manifest, warnings: [] })
    },
  }
}

// A screen module: `src/app/routes/login.tsx` is the screen `login`.
const SCREEN_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z-]+)\.tsx$/
