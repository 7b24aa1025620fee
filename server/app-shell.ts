import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { computeEtag } from './etag.js'

/** The HTML shell as served: API base URL injected, with its entity tag. */
export interface AppShell {
  html: string
  etag: string
}

const API_BASE_META = /<meta\s+name="api-base-url"\s+content="[^"]*"\s*\/?>/

/** Escapes text for a double-quoted HTML attribute. */
export function escapeHtmlAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

/**
 * Writes the run-time API base URL into the build's `<meta name="api-base-url" content="">`
 * placeholder: one build, many deployments. An empty value leaves the placeholder alone.
 */
export function injectApiBaseUrl(html: string, apiBaseUrl: string): string {
  if (apiBaseUrl === '') return html
  const meta = `<meta name="api-base-url" content="${escapeHtmlAttribute(apiBaseUrl)}" />`
  return html.replace(API_BASE_META, () => meta)
}

const MANIFEST_LINK = /<link\s+rel="manifest"\s+href="[^"]*"\s*\/?>/

/**
 * Points the shell's manifest link at `tenant`'s own manifest, so a browser's first request for
 * it already names the hospital: switching the link after load races a fetch already started.
 */
export function linkTenantManifest(html: string, tenant: string): string {
  const href = `/${encodeURIComponent(tenant)}/manifest.webmanifest`
  return html.replace(
    MANIFEST_LINK,
    () => `<link rel="manifest" href="${escapeHtmlAttribute(href)}" />`,
  )
}

/**
 * Loads `index.html` from `distDir`, re-reading it only when the file changes (a rebuild while
 * the server runs). Resolves to undefined while there is no build.
 */
export function createAppShellLoader(distDir: string, apiBaseUrl: string) {
  const file = join(distDir, 'index.html')
  let cached: { version: string; shell: AppShell } | undefined

  return async function loadAppShell(): Promise<AppShell | undefined> {
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
    }
    return cached.shell
  }
}
