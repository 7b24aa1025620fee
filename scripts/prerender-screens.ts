/**
 * The build step that puts the public screens into the HTML: after the app is built, the route
 * tree is built once more for Node (`src/app/prerender.tsx`), each screen of PRERENDERED_SCREENS
 * is rendered with placeholders, and written into a copy of the built `index.html` as
 * `dist/shells/{screen}.html`. The server and the service worker fill those shells per URL as they
 * fill `index.html`; the worker precaches them with the rest of the build.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { JSDOM } from 'jsdom'
import { build, type Plugin, type Rolldown, type UserConfig } from 'vite'
import {
  escapeHtml,
  NEEDS_JAVASCRIPT_TEXT,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_SCREENS,
  screenShellUrl,
  SHELL_SLOTS,
  type PrerenderedScreen,
} from '../src/contract/app-shell.ts'

// `#root` as the built index.html has it: the default branding frame in its slot.
const ROOT_ELEMENT = new RegExp(
  `<div id="root"><!--shell:${SHELL_SLOTS.brandingFrame}-->[\\s\\S]*?<!--/shell:${SHELL_SLOTS.brandingFrame}--></div>`,
)

/**
 * `indexHtml` with `#root` holding the prerendered screen in its slot, and the screen's own
 * stylesheets (beyond the entry's) in its head, right after the entry's, ahead of the scripts
 * like them: the first frame is styled as the app will style it, or the screen would move when
 * its chunk's CSS arrived. The app's loader finds them there and does not add them again.
 */
export function screenShellOf(
  indexHtml: string,
  screen: PrerenderedScreen,
  markup: string,
  stylesheets: readonly string[] = [],
): string {
  if (!ROOT_ELEMENT.test(indexHtml)) throw new Error('index.html has no #root branding frame')
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>')
  // Shown only without scripting (styles.css); outside `#root`, which hydration must find as built.
  const notice = `<p class="noscript-notice">${NEEDS_JAVASCRIPT_TEXT}</p>`
  const root =
    notice +
    `<div id="root" ${PRERENDERED_ATTRIBUTE}="${screen}">` +
    `<!--shell:${SHELL_SLOTS.screen}-->${markup}<!--/shell:${SHELL_SLOTS.screen}--></div>`
  const head = indexHtml.slice(0, indexHtml.indexOf('</head>'))
  // A stylesheet both the entry and the screen's chunks import is linked once.
  const links = stylesheets
    .map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`)
    .filter((link) => !head.includes(link))
    .join('')
  const lastStylesheet = head.lastIndexOf('<link rel="stylesheet"')
  const at = lastStylesheet === -1 ? head.length : head.indexOf('>', lastStylesheet) + 1
  const withLinks = indexHtml.slice(0, at) + links + indexHtml.slice(at)
  return withLinks.replace(ROOT_ELEMENT, () => root)
}

// A screen module: `src/app/routes/login.tsx` is the screen `login`.
const SCREEN_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z-]+)\.tsx$/

/** The stylesheets `screen`'s chunks load beyond the entry's, as URLs under `base`. */
export function screenStylesheetsOf(
  bundle: Rolldown.OutputBundle,
  screen: string,
  base: string,
): string[] {
  const chunks = new Map(
    Object.values(bundle).flatMap((output) =>
      output.type === 'chunk' ? [[output.fileName, output] as const] : [],
    ),
  )
  const stylesheetsFrom = (fileName: string, seen = new Set<string>()): Set<string> => {
    const chunk = chunks.get(fileName)
    if (!chunk || seen.has(fileName)) return seen
    seen.add(fileName)
    for (const imported of chunk.imports) stylesheetsFrom(imported, seen)
    return seen
  }
  const cssOf = (fileNames: Set<string>) =>
    new Set(
      [...fileNames].flatMap((fileName) => [
        ...(chunks.get(fileName)?.viteMetadata?.importedCss ?? []),
      ]),
    )
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry)
  const withEntry = cssOf(entry ? stylesheetsFrom(entry.fileName) : new Set())
  const screenChunk = [...chunks.values()].find(
    (chunk) =>
      chunk.isDynamicEntry &&
      chunk.facadeModuleId !== null &&
      SCREEN_MODULE.exec(chunk.facadeModuleId)?.[1] === screen,
  )
  if (!screenChunk) return []
  return [...cssOf(stylesheetsFrom(screenChunk.fileName))]
    .filter((css) => !withEntry.has(css))
    .map((css) => `${base}${css}`)
}

type RenderScreen = (screen: PrerenderedScreen) => Promise<string>

// The browser globals the app's modules read at import and while rendering.
function installDom(): () => void {
  const dom = new JSDOM('<!doctype html><html lang="es"><head></head><body></body></html>', {
    url: 'http://localhost/',
  })
  const names = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage']
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name))
  for (const name of names) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      writable: true,
      value: (dom.window as unknown as Record<string, unknown>)[name],
    })
  }
  return () => {
    names.forEach((name, index) => {
      const descriptor = saved[index]
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else Reflect.deleteProperty(globalThis, name)
    })
    dom.window.close()
  }
}

export interface PrerenderOptions {
  /** What the app's build defines (version, release notes): the footer must say the same. */
  define: UserConfig['define']
  alias: NonNullable<UserConfig['resolve']>['alias']
}

export function prerenderScreensPlugin({ define, alias }: PrerenderOptions): Plugin {
  let root = process.cwd()
  let outDir = 'dist'
  let base = '/'
  return {
    name: 'clinica-prerender-screens',
    apply: 'build',
    configResolved: (config) => {
      root = config.root
      base = config.base
      outDir = resolve(config.root, config.build.outDir)
    },
    // After the files are written (the final index.html), before the worker's precache is
    // listed (vite-plugin-pwa does that when the bundle closes).
    async writeBundle(_options, bundle) {
      const ssrOutDir = resolve(root, 'build/prerender')
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        mode: 'production',
        define,
        resolve: { alias },
        plugins: [react()],
        build: {
          ssr: 'src/app/prerender.tsx',
          outDir: ssrOutDir,
          emptyOutDir: true,
          target: 'node20',
          sourcemap: false,
          // One file: it is imported under a query that makes each build's copy fresh, and a
          // screen's chunk importing the entry back (without that query) would load a second
          // copy of it, whose state (the placeholder branding) the screen would read instead.
          rolldownOptions: { output: { codeSplitting: false } },
        },
      })
      const removeDom = installDom()
      try {
        const entry = pathToFileURL(join(ssrOutDir, 'prerender.js')).href
        const { renderScreen } = (await import(`${entry}?t=${String(Date.now())}`)) as {
          renderScreen: RenderScreen
        }
        const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8')
        for (const screen of PRERENDERED_SCREENS) {
          const file = join(outDir, screenShellUrl(screen))
          mkdirSync(dirname(file), { recursive: true })
          const stylesheets = screenStylesheetsOf(bundle, screen, base)
          writeFileSync(
            file,
            screenShellOf(indexHtml, screen, await renderScreen(screen), stylesheets),
          )
        }
      } finally {
        removeDom()
        rmSync(ssrOutDir, { recursive: true, force: true })
      }
    },
  }
}
