import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin, Rolldown } from 'vite'
import { defineConfig } from 'vitest/config'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { jsBudgetPlugin, NOT_IN_A_PATIENT_FIRST_LOAD } from './scripts/js-budget.ts'
import { precacheScope } from './scripts/precache-scope.ts'
import { precompressPlugin } from './scripts/precompress.ts'
import { prerenderScreensPlugin } from './scripts/prerender-screens.ts'
import { shellHeadPlugin } from './scripts/shell-head.ts'
import { routerTreeShakingPlugin } from './scripts/router-tree-shaking.ts'
import { hasPostgresBinaries } from './server/testing/postgres-binaries.ts'
import {
  fillDefaultBranding,
  fillSlot,
  screenChunksElement,
  SHELL_SLOTS,
  type ScreenChunks,
} from './src/contract/app-shell.ts'
import { PRODUCT_ICONS } from './src/contract/icons.ts'
import { RELEASE_NOTES_FILE, releaseNotesOf } from './src/contract/release-notes.ts'

/**
 * Fills index.html's branding slots with the defaults from the one contract, so a shell nobody
 * filled (a direct `/index.html`, the dev server) still shows the product's colours and name.
 * After Vite's own HTML processing: the manifest link must name the served file, not a hashed
 * copy of it.
 */
function defaultBrandingPlugin(): Plugin {
  return {
    name: 'clinica-default-branding',
    transformIndexHtml: { order: 'post', handler: (html) => fillDefaultBranding(html) },
  }
}

/** The product's base manifest (DESIGN's top level): `main`'s, and what every tenant's derives from. */
const BASE_MANIFEST = JSON.parse(
  readFileSync(new URL('manifest.webmanifest', import.meta.url), 'utf8'),
) as ManifestOptions

/**
 * vite-plugin-pwa links the manifest it emits before `</head>`; the shell's branding slot already
 * links the manifest of the tenant being opened (the server and the worker fill it), so that one
 * link stays and the plugin's is dropped.
 */
function oneManifestLinkPlugin(): Plugin {
  const pluginLink = '<link rel="manifest" href="/manifest.webmanifest">'
  return {
    name: 'clinica-one-manifest-link',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        if (!html.includes(pluginLink)) {
          throw new Error('vite-plugin-pwa no longer links its manifest as expected')
        }
        return html.replace(pluginLink, '')
      },
    },
  }
}

// Modules most screens import, each too small to be a chunk of its own.
const SHARED_SCREEN_PARTS =
  /[\\/]src[\\/](?:app[\\/]routes[\\/]screen-(?:parts|access|titles)|components[\\/]use-is-hydrated|features[\\/]auth[\\/]sign-in-form)\.tsx?$/

// A screen module: `src/app/routes/login.tsx` is the screen `login`.
const SCREEN_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z-]+)\.tsx$/

// What every visit loads once its screen works (main.tsx and the layout import it on demand): the
// worker's registration and update prompt, the install help, the connection banner, the branding's
// loading and storage, the API client, the care outbox's replay, the sign-in's action.
const AFTER_START =
  /[\\/](?:src[\\/](?:lib|config|shared|features[\\/](?:pwa|tenant)|app[\\/]layouts)[\\/]|src[\\/]features[\\/](?:care[\\/]outbox[\\/]outbox|auth[\\/]sign-in-action)\.ts$|node_modules[\\/](?:idb-keyval|workbox-window)[\\/])/

// The contract's schemas and the library that builds them (not the contract's plain rules and
// values, which the first screens read): read together, fetched together.
const CONTRACT_MODULE = /[\\/]src[\\/]contract[\\/][a-z-]+\.ts$/
function isSchemaModule(id: string): boolean {
  if (/[\\/]node_modules[\\/]typebox[\\/]/.test(id)) return true
  return CONTRACT_MODULE.test(id) && readFileSync(id, 'utf8').includes("from 'typebox'")
}

const ENTRY_MODULE = fileURLToPath(new URL('src/main.tsx', import.meta.url))
const START_MODULE = fileURLToPath(new URL('src/app/start.tsx', import.meta.url))
const STYLES = /\.css(?:\?.*)?$/
// What the entry and the app's start import statically, directly or not: found once per
// chunking pass (a rebuild in the same process gets its own).
const staticGraphs = new WeakMap<
  Rolldown.ChunkingContext,
  { entry: Set<string>; start: Set<string> }
>()

/**
 * `index` for the entry's modules and every style the start imports (the HTML links the entry's
 * styles: the first frame is painted with all of them); `start` for the rest of the start's
 * modules; no group for anything else.
 */
function entryOrStartChunk(id: string, context: Rolldown.ChunkingContext): string | null {
  let graphs = staticGraphs.get(context)
  if (graphs === undefined) {
    const graphOf = (root: string) => {
      const found = new Set<string>()
      const visit = (moduleId: string) => {
        if (found.has(moduleId)) return
        found.add(moduleId)
        for (const imported of context.getModuleInfo(moduleId)?.importedIds ?? []) visit(imported)
      }
      visit(root)
      return found
    }
    graphs = { entry: graphOf(ENTRY_MODULE), start: graphOf(START_MODULE) }
    staticGraphs.set(context, graphs)
  }
  const { entry, start } = graphs
  if (entry.has(id) || (start.has(id) && STYLES.test(id))) return 'index'
  return start.has(id) ? 'start' : null
}

/**
 * Writes the build's screen → chunk URLs map into index.html's screen-preload slot: the server and
 * the service worker turn it into `modulepreload` links for the screen being opened, so its chunks
 * load alongside the entry instead of one round trip after another.
 */
function screenChunksPlugin(): Plugin {
  let base = '/'
  return {
    name: 'clinica-screen-chunks',
    apply: 'build',
    configResolved: (config) => {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle, chunk: entry }) => {
        if (!bundle || !entry) return html
        const chunks = new Map(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output] as const] : [],
          ),
        )
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen
          seen.add(fileName)
          for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen)
          return seen
        }
        const loadedWithEntry = closure(entry.fileName)
        const screens: ScreenChunks = {}
        for (const chunk of chunks.values()) {
          const screen = chunk.facadeModuleId && SCREEN_MODULE.exec(chunk.facadeModuleId)?.[1]
          if (!chunk.isDynamicEntry || !screen) continue
          screens[screen] = [...closure(chunk.fileName)]
            .filter((fileName) => !loadedWithEntry.has(fileName))
            .map((fileName) => `${base}${fileName}`)
        }
        return fillSlot(html, SHELL_SLOTS.screenPreload, screenChunksElement(screens))
      },
    },
  }
}

/**
 * The version the footer shows (support asks "which version do you have?"): `VITE_APP_VERSION`
 * (a release or commit id, set by whoever builds), else the package's version. Each value is a
 * different build: new chunk hashes and a new service worker.
 */
const PACKAGE = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  version: string
}
const VERSION_FROM_ENV = process.env.VITE_APP_VERSION?.trim() ?? ''
const APP_VERSION = VERSION_FROM_ENV === '' ? PACKAGE.version : VERSION_FROM_ENV

// What this version changes, from the notes kept with the code (`release-notes.json`).
const RELEASE_NOTES = releaseNotesOf(
  JSON.parse(readFileSync(new URL(RELEASE_NOTES_FILE, import.meta.url), 'utf8')) as unknown,
  APP_VERSION,
)

/**
 * Emits `/release-notes.json` with this version's notes: a page still on the previous version
 * fetches it to say what the waiting update brings.
 */
function releaseNotesPlugin(): Plugin {
  return {
    name: 'clinica-release-notes',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: RELEASE_NOTES_FILE,
        source: JSON.stringify(RELEASE_NOTES),
      })
    },
  }
}

// react-router's package exports name only its development build; a production build takes the
// production files. `react-router-dom` re-exports both entries (`react-router` and its DOM entry
// `react-router/dom`), so both are redirected, or the app would hold two routers whose contexts
// never meet.
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, file: 'index.mjs' },
  { find: /^react-router\/dom$/, file: 'dom-export.mjs' },
].map(({ find, file }) => ({
  find,
  replacement: fileURLToPath(
    new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url),
  ),
}))

/** What the app's code reads from `import.meta.env` beyond Vite's own values. */
const APP_DEFINE = {
  'import.meta.env.VITE_APP_VERSION': JSON.stringify(APP_VERSION),
}

// What the worker precaches: the staff screens' own files are left to be cached on first use, and
// a URL listed twice fails the build. vite-plugin-pwa adds its own entries (the manifest) after
// Workbox's transforms: they are read before the worker's build so the check sees them too.
let pwaAddedEntries: readonly string[] = []
const PRECACHE_SCOPE = precacheScope(() => pwaAddedEntries)

// The API server the dev server forwards `/api` and `/logos` to (`npm run dev:api`).
const DEV_API_TARGET = process.env.DEV_API_TARGET ?? 'http://127.0.0.1:4174'

export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? REACT_ROUTER_PRODUCTION : [],
  },
  plugins: [
    react(),
    defaultBrandingPlugin(),
    screenChunksPlugin(),
    releaseNotesPlugin(),
    shellHeadPlugin(fileURLToPath(new URL('src/press-keeper.ts', import.meta.url))),
    jsBudgetPlugin(),
    PRECACHE_SCOPE.plugin,
    prerenderScreensPlugin({ define: APP_DEFINE, alias: REACT_ROUTER_PRODUCTION }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // The page registers the worker itself through workbox-window (features/pwa).
      injectRegister: false,
      // Served as `/manifest.webmanifest` and precached; the worker derives every tenant's
      // manifest from that copy, the server from the same file.
      manifest: BASE_MANIFEST,
      // The icons are in the glob below already: listing them again would precache them twice.
      includeManifestIcons: false,
      integration: {
        beforeBuildServiceWorker: (options) => {
          pwaAddedEntries = (options.injectManifest.additionalManifestEntries ?? []).map((entry) =>
            typeof entry === 'string' ? entry : entry.url,
          )
        },
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico}'],
        // The product's own icons are the portal's: the worker keeps them on first use.
        globIgnores: Object.values(PRODUCT_ICONS).map((path) => path.slice(1)),
        manifestTransforms: [PRECACHE_SCOPE.transform],
      },
    }),
    oneManifestLinkPlugin(),
    precompressPlugin(),
  ],
  define: APP_DEFINE,
  build: {
    target: 'es2022',
    // Every browser the app supports (ES2022) follows `modulepreload` itself: no polyfill to ship.
    modulePreload: { polyfill: false },
    sourcemap: true,
    rolldownOptions: {
      plugins: [routerTreeShakingPlugin()],
      output: {
        codeSplitting: {
          // The entry (main.tsx: the styles and what decides the first frame) is one small
          // chunk; the app's start and everything it imports statically are another, which the
          // server and the worker preload with every screen. Left alone, the bundler gives each
          // module a screen also imports its own small chunk (twenty-odd in the sign-in's first
          // load), each with its own compression and imports: 8 KB of gzip. The screens' chunks
          // import from the start, so it never awaits at its top level: that would be waiting
          // for itself.
          groups: [
            { name: entryOrStartChunk },
            // The small parts most screens share (their frame, titles, access rule, the
            // sign-in's fields): one chunk rather than one each.
            { name: 'screen-parts', test: SHARED_SCREEN_PARTS },
            // A repeat visit is answered by the worker, one fetch event per chunk, each costly on
            // a slow phone: what every visit loads after its first frame comes in one chunk,
            // not twenty-odd, and so do the schemas. Never what a patient's screen must not load.
            {
              name: 'after-start',
              test: (id) =>
                AFTER_START.test(id) &&
                !NOT_IN_A_PATIENT_FIRST_LOAD.some((pattern) => pattern.test(id)),
            },
            { name: 'schemas', test: isSchemaModule },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': DEV_API_TARGET,
      '/logos': DEV_API_TARGET,
    },
  },
  test: {
    // On CI a failed test runs once more, as in the browser suite (playwright.config.ts): one slow
    // moment of a shared machine does not throw a whole run away; a test that fails twice fails.
    retry: process.env.CI ? 1 : 0,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/setup/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/unit.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'lint',
          environment: 'node',
          include: ['eslint/**/*.test.js'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The build's own checks (JavaScript guard, prerendered shells) and the bench's targets.
          name: 'build',
          environment: 'node',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.postgres.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      // The same server suite on PostgreSQL. CI must run it (a missing PostgreSQL fails the run
      // there); elsewhere it runs whenever Debian's binaries are installed.
      ...(process.env.CI === 'true' || hasPostgresBinaries()
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-pg',
                environment: 'node',
                include: ['server/**/*.test.ts'],
                exclude: ['server/**/*.sqlite.test.ts'],
                globalSetup: ['server/testing/postgres-global-setup.ts'],
                setupFiles: ['tests/setup/fail-on-console-error.ts'],
              },
            },
          ]
        : []),
    ],
  },
}))
