import type { FastifyHelmetOptions } from '@fastify/helmet'

type Directives = Record<string, string[]>

/** Origin of an absolute API base URL, or undefined for same-origin (empty or a path). */
export function apiOriginOf(apiBaseUrl: string): string | undefined {
  if (!/^https?:\/\//.test(apiBaseUrl)) return undefined
  return new URL(apiBaseUrl).origin
}

/**
 * CSP directives. Scripts only from this origin, and the build's own inline scripts by their
 * hashes (`scriptHashes`: the keeper of early presses; never 'unsafe-inline'); inline styles are
 * allowed because the shell carries its styles and the validated tenant colours in its HTML, so
 * the first frame is already branded.
 */
export function buildCspDirectives(
  apiBaseUrl: string,
  scriptHashes: readonly string[] = [],
): Directives {
  const apiOrigin = apiOriginOf(apiBaseUrl)
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    // The API's own origin too: over http (local development) `https:` would not cover its logos.
    'img-src': [
      "'self'",
      'https:',
      'data:',
      'blob:',
      ...(apiOrigin?.startsWith('http:') ? [apiOrigin] : []),
    ],
    'font-src': ["'self'"],
    'connect-src': apiOrigin ? ["'self'", apiOrigin] : ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    // Every form goes through the app's code (a press before it is ready is kept by the shell):
    // a form the browser would send by itself carries its fields, a password too, in a URL.
    'form-action': ["'none'"],
    'object-src': ["'none'"],
  }
}

/**
 * The CSP of the service worker script. Chromium applies a worker script's own CSP to the
 * worker's fetches, and the worker fetches what the page shows: the API (branding), and tenant
 * logos on any https host. With the page's `connect-src 'self'` every cross-origin logo failed
 * once the worker took control. Nothing else changes: no scripts but its own, no framing.
 */
export function buildWorkerCsp(apiBaseUrl: string): string {
  const apiOrigin = apiOriginOf(apiBaseUrl)
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'connect-src': ["'self'", 'https:', ...(apiOrigin ? [apiOrigin] : [])],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
  }
  return serializeDirectives(directives)
}

function serializeDirectives(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';')
}

/**
 * `Permissions-Policy`: the camera and microphone (calls inside a consultation) for the app's own
 * origin only, so no framed or injected third party can ask for them; helmet does not write it.
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self)'

/** Options for @fastify/helmet on every answer. */
export function buildHelmetOptions(
  apiBaseUrl: string,
  scriptHashes: readonly string[] = [],
): FastifyHelmetOptions {
  return {
    global: true,
    // useDefaults: false keeps upgrade-insecure-requests out: it breaks http://localhost.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: buildCspDirectives(apiBaseUrl, scriptHashes),
    },
    // HSTS belongs to the TLS terminator; on plain http it is ignored at best.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }
}

/**
 * The essential headers as a plain map, for the few answers Fastify writes before any hook
 * runs (an undecodable URL); everything else gets them from helmet.
 */
export function buildFallbackSecurityHeaders(apiBaseUrl: string): Record<string, string> {
  return {
    'content-security-policy': serializeDirectives(buildCspDirectives(apiBaseUrl)),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-resource-policy': 'same-origin',
  }
}

/**
 * Helmet's headers that only mean something on a document (a page, or the worker's script):
 * policies for what it may load and embed, how it is framed and what it tells other sites. A
 * hashed script or stylesheet gains nothing from them (~990 bytes on each of dozens of answers);
 * it keeps `X-Content-Type-Options` and `Cross-Origin-Resource-Policy`, which guard subresources.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const
