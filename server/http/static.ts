import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { prerenderedScreenOf, screenShellUrl } from '../../src/contract/app-shell.js'
import type { Branding } from '../../src/contract/branding.js'
import { createAppShellLoader, createStylesheetReader, renderAppShell } from './app-shell.js'
import { sendWithEtag } from './etag.js'
import { decodedPathOf, firstSegmentOf, isApiUrl, tenantOfUrl } from './request-path.js'
import { buildWorkerCsp, DOCUMENT_ONLY_HEADERS } from './security-headers.js'

/** Hashed build output: its URL changes with its content, so it may be cached forever. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'
/** Everything else (HTML, service worker, manifest, icons) is revalidated on every use. */
export const REVALIDATE_CACHE = 'no-cache'

/** The service worker script, served with a CSP of its own (see buildWorkerCsp). */
const SERVICE_WORKER_PATH = '/sw.js'

const NOT_BUILT_MESSAGE =
  'La aplicación todavía no está compilada. Ejecuta «npm run build» y vuelve a cargar la página.'

export interface StaticAppOptions {
  distDir: string
  apiBaseUrl: string
  /** The tenant's branding, painted into the first frame; none gives the defaults. */
  readBranding?: (tenant: string, request: FastifyRequest) => Promise<Branding | null>
}

// True when a decoded path could step outside the served directory.
function isUnsafePath(path: string): boolean {
  return path.includes('\0') || path.includes('\\') || path.split('/').includes('..')
}

// True when `path` (decoded, already checked safe) names a file inside `root`; dotfiles never do.
async function isFile(root: string, path: string): Promise<boolean> {
  if (path.split('/').some((segment) => segment.startsWith('.'))) return false
  try {
    return (await stat(join(root, path))).isFile()
  } catch {
    return false
  }
}

// Folders of files only: a miss there is a broken link, never a page of the app.
const FILE_ONLY_SEGMENTS: ReadonlySet<string> = new Set(['assets', 'icons', 'logos'])

/**
 * True when a GET that matched no file should get the app: a browser navigation (it accepts
 * HTML), or a client that accepts any type (curl, a load balancer's check, no Accept header) on
 * an extension-less path outside the file folders, so `GET /` shows the app is up, not a 404.
 */
function isNavigation(request: FastifyRequest, path: string | undefined): boolean {
  const accept = request.headers.accept ?? '*/*'
  if (accept.includes('text/html')) return true
  if (!accept.includes('*/*') || path === undefined || isUnsafePath(path)) return false
  const lastSegment = path.slice(path.lastIndexOf('/') + 1)
  const segment = firstSegmentOf(request.url)
  return !lastSegment.includes('.') && !(segment !== undefined && FILE_ONLY_SEGMENTS.has(segment))
}

/**
 * Serves the built app from `distDir`: files by path, and the HTML shell for in-app navigations
 * (GET/HEAD, not under /api/: Accept: text/html, or no file extension). A missing file is a
 * 404, never the shell, so a broken asset link fails loudly.
 */
export async function registerStaticApp(
  app: FastifyInstance,
  { distDir, apiBaseUrl, readBranding = () => Promise.resolve(null) }: StaticAppOptions,
) {
  // Only the sendFile decorator: the catch-all route below decides what is a file. A file the
  // build compressed ahead (`{file}.br`, scripts/precompress.ts) goes as is to a browser that
  // accepts brotli; anything else is compressed per request (@fastify/compress).
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true })
  const loadAppShell = createAppShellLoader(distDir, apiBaseUrl)
  const readStylesheet = createStylesheetReader(distDir)
  const workerCsp = buildWorkerCsp(apiBaseUrl)

  // `/index.html` is the template itself (what the service worker precaches and fills); every
  // other navigation gets it filled for its URL: branding, title, styles and the screen's preloads.
  // The app starts without its branding rather than not at all: with the database down, a
  // first visit still gets the shell (default colours), which paints the hospital's own once
  // the API answers again. That page is not kept by caches.
  async function readBrandingOrDefaults(
    tenant: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Branding | null> {
    try {
      return await readBranding(tenant, request)
    } catch (error) {
      request.log.warn(
        { cause: error instanceof Error ? error.message : String(error) },
        'app shell without branding',
      )
      reply.header('cache-control', 'no-store')
      return null
    }
  }

  async function sendAppShell(request: FastifyRequest, reply: FastifyReply, isTemplate = false) {
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '/'
    const search = request.url.slice(pathname.length).split('#', 1)[0] ?? ''
    // A public screen the build rendered is served as such; everything else gets the frame.
    const screen = isTemplate ? null : prerenderedScreenOf(pathname, search)
    const shell =
      (screen === null ? undefined : await loadAppShell(screenShellUrl(screen).slice(1))) ??
      (await loadAppShell())
    if (!shell) {
      reply.header('cache-control', 'no-store')
      return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE)
    }
    reply.header('cache-control', REVALIDATE_CACHE)
    if (isTemplate) {
      return sendWithEtag(request, reply, shell.html, 'text/html; charset=utf-8', shell.etag)
    }
    const tenant = tenantOfUrl(request.url)
    const branding =
      tenant === undefined ? null : await readBrandingOrDefaults(tenant, request, reply)
    const page = await renderAppShell(shell, pathname, branding, readStylesheet)
    return sendWithEtag(request, reply, page.html, 'text/html; charset=utf-8', page.etag)
  }

  app.get('/*', { schema: { querystring: { type: 'object' } } }, async (request, reply) => {
    if (isApiUrl(request.url)) {
      reply.callNotFound()
      return reply
    }
    const path = decodedPathOf(request.url)
    const lastSegment = path?.slice(path.lastIndexOf('/') + 1) ?? ''
    if (lastSegment === 'index.html') return sendAppShell(request, reply, true)
    // Only a safe path is looked up on disk; a hostile one can still be an in-app navigation,
    // which the app's routing rules answer (`//evil.example` → `/main/evil.example`).
    if (path !== undefined && !isUnsafePath(path) && (await isFile(distDir, path))) {
      const isHashedAsset = path.startsWith('/assets/')
      reply.header('cache-control', isHashedAsset ? IMMUTABLE_CACHE : REVALIDATE_CACHE)
      // Helmet wrote them on the raw response already.
      if (isHashedAsset) for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name)
      if (path === SERVICE_WORKER_PATH) reply.header('content-security-policy', workerCsp)
      return reply.sendFile(path, { cacheControl: false, dotfiles: 'ignore', index: false })
    }
    // A missing file requested by a page (script, image) is a 404, so a broken link fails loudly.
    if (isNavigation(request, path)) return sendAppShell(request, reply)
    reply.callNotFound()
    return reply
  })
}
