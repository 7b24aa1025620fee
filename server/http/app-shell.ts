import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { escapeHtml, fillAppShell, inlineStylesheets } from '../../src/contract/app-shell.js'
import type { Branding } from '../../src/contract/branding.js'
import { computeEtag } from './etag.js'

/** The HTML shell as served: API base URL injected, with its entity tag. */
export interface AppShell {
  html: string
  etag: string
}

const API_BASE_META = /<meta\s+name="api-base-url"\s+content="[^"]*"\s*\/?>/

/**
 * Writes the run-time API base URL into the build's `<meta name="api-base-url" content="">`
 * placeholder: one build, many deployments. An empty value leaves the placeholder alone.
 */
export function injectApiBaseUrl(html: string, apiBaseUrl: string): string {
  if (apiBaseUrl === '') return html
  const meta = `<meta name="api-base-url" content="${escapeHtml(apiBaseUrl)}" />`
  return html.replace(API_BASE_META, () => meta)
}

/**
 * The shell for a navigation to `pathname`, filled by the same contract functions the service
 * worker uses: the tenant's branding painted in the first frame, the styles (`readStylesheet`, by
 * URL) written in and the screen's chunks preloaded. The entity tag is the filled page's, so it
 * changes whenever the branding (or the build) does.
 */
export async function renderAppShell(
  shell: AppShell,
  pathname: string,
  branding: Branding | null,
  readStylesheet: (href: string) => Promise<string | undefined>,
): Promise<AppShell> {
  const html = await inlineStylesheets(
    fillAppShell(shell.html, { pathname, branding }),
    readStylesheet,
  )
  return { html, etag: computeEtag(html) }
}

// The build's stylesheets: hashed names under /assets/ (nothing else is read from disk here).
const BUILD_STYLESHEET = /^\/assets\/[\w.-]+\.css$/

/**
 * Reads a stylesheet a shell links from `distDir`, each file once: its name carries its content's
 * hash. One that is not the build's, or is missing, gives nothing (the page links it).
 */
export function createStylesheetReader(distDir: string) {
  const cache = new Map<string, Promise<string | undefined>>()
  return function readStylesheet(href: string): Promise<string | undefined> {
    if (!BUILD_STYLESHEET.test(href)) return Promise.resolve(undefined)
    let text = cache.get(href)
    if (text === undefined) {
      text = readFile(join(distDir, href), 'utf8').catch(() => {
        cache.delete(href)
        return undefined
      })
      cache.set(href, text)
    }
    return text
  }
}

/**
 * Loads a shell from `distDir` (`index.html`, or a prerendered screen's `shells/{screen}.html`),
 * re-reading it only when the file changes (a rebuild while the server runs). Resolves to
 * undefined while there is no such file.
 */
export function createAppShellLoader(distDir: string, apiBaseUrl: string) {
  const cache = new Map<string, { version: string; shell: AppShell }>()

  return async function loadAppShell(name = 'index.html'): Promise<AppShell | undefined> {
    const file = join(distDir, name)
    let cached = cache.get(name)
    let version: string
    try {
      const info = await stat(file)
      if (!info.isFile()) return undefined
      version = `${String(info.mtimeMs)}:${String(info.size)}`
    } catch {
      return undefined
    }
    if (cached?.version !== version) {
      const html = injectApiBaseUrl(await readFile(file, 'utf8'), apiBaseUrl)
      cached = { version, shell: { html, etag: computeEtag(html) } }
      cache.set(name, cached)
    }
    return cached.shell
  }
}
