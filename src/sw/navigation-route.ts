/**
 * Every in-app navigation is answered by the precached app shell, painted with the tenant's
 * last known branding, its styles written in and, for a screen its code draws, preloading the
 * screen's chunks: the first frame has the hospital's colours, online or offline, and waits for
 * no other request. A hospital this device has no branding for yet is left to the server, which
 * brands its page, while it answers.
 */
import type { RouteHandlerCallback, RouteMatchCallbackOptions } from 'workbox-core/types'
import {
  fillAppShell,
  inlineStylesheets,
  prerenderedScreenOf,
  screenShellUrl,
} from '../contract/app-shell'
import type { Branding } from '../contract/branding'
import { DEFAULT_TENANT, isApiPathname, tenantFromPathname } from '../contract/tenants'

/** The precached shell every navigation gets. */
export const SHELL_URL = '/index.html'
/** Longest a navigation waits for IndexedDB before painting the shell unbranded. */
export const NAVIGATION_BRANDING_TIMEOUT_MS = 250

/** True when the last path segment looks like a file (`robots.txt`, `sw.js`, `logo.png`). */
export function hasFileExtension(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
  return /\.[^./]+$/.test(lastSegment)
}

/**
 * Navigations the worker answers: everything but the API, whose 401s and errors must reach the
 * page untouched. The app's own files are answered before this by the precache route.
 */
export function isShellNavigation({
  request,
  url,
}: Pick<RouteMatchCallbackOptions, 'request' | 'url'>): boolean {
  return request.mode === 'navigate' && !isApiPathname(url.pathname)
}

export interface ShellNavigationDependencies {
  /** A precached file by URL (`/index.html`, `/assets/index-….css`), undefined when absent. */
  matchPrecached: (url: string) => Promise<Response | undefined>
  /** The tenant's stored branding; expected to give up quickly and resolve null. */
  readBranding: (tenant: string) => Promise<Branding | null>
  fetch?: (request: Request) => Promise<Response>
  /** Refills the precache; called when the shell is gone from it (site data cleared by hand). */
  repairPrecache?: () => Promise<unknown>
}

/** The shell's answer with a new body: same status and headers (CSP…), a correct length. */
export function replaceBody(response: Response, html: string): Response {
  const headers = new Headers(response.headers)
  // The body is new, decoded text: the stored length and encoding no longer describe it.
  headers.delete('Content-Encoding')
  headers.set('Content-Length', String(new TextEncoder().encode(html).byteLength))
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(html, { status: response.status, statusText: response.statusText, headers })
}

export function createShellNavigationHandler({
  matchPrecached,
  readBranding,
  fetch: fetchFromNetwork = (request) => fetch(request),
  repairPrecache,
}: ShellNavigationDependencies): RouteHandlerCallback {
  // A stylesheet as the precache holds it; one it lacks keeps its link.
  const readStylesheet = async (href: string) => (await matchPrecached(href))?.text()

  return async ({ request, url, event }) => {
    // A file-like path (`/logos/x.png`, a tenant named `clinica.sol`) may be a file the server
    // holds: the server decides, and only an unreachable one leaves it to the shell.
    if (hasFileExtension(url.pathname)) {
      try {
        return await fetchFromNetwork(request)
      } catch {
        // Offline: the shell and the app's routing rules answer, as for any other path.
      }
    }
    // A public screen the build rendered is answered with it; any other path with the frame.
    const screen = prerenderedScreenOf(url.pathname, url.search)
    const shell =
      (screen === null
        ? undefined
        : await matchPrecached(screenShellUrl(screen)).catch(() => undefined)) ??
      (await matchPrecached(SHELL_URL).catch(() => undefined))
    // Not precached (a failed install, or caches cleared by hand): the server answers, as
    // without a worker, while the precache is refilled so the next offline visit works.
    if (!shell) {
      if (repairPrecache) event.waitUntil(repairPrecache())
      return fetchFromNetwork(request)
    }
    const tenant = tenantFromPathname(url.pathname)
    // `/`, `/login`…: the page's routing rules pick the tenant and redirect.
    if (tenant === null) return shell
    const branding = await readBranding(tenant).catch(() => null)
    if (branding === null && tenant !== DEFAULT_TENANT) {
      try {
        return await fetchFromNetwork(request)
      } catch {
        // Offline: the shell with the defaults, and the app's own branding load.
      }
    }
    try {
      const html = await shell.clone().text()
      // A screen in the HTML paints before its code is needed, and the code is a cache hit
      // away: preloads would only make a slow phone's main thread file requests before that
      // first frame (one fetch event each). Any other screen waits for its chunks: they go early.
      const preloadChunks = screen === null
      const filled = fillAppShell(html, { pathname: url.pathname, branding, preloadChunks })
      return replaceBody(shell, await inlineStylesheets(filled, readStylesheet))
    } catch {
      return shell
    }
  }
}
