import type { FastifyHelmetOptions } from '@fastify/helmet'

type Directives = Record<string, string[]>

/** Origin of an absolute API base URL, or undefined for same-origin (empty or a path). */
export function apiOriginOf(apiBaseUrl: string): string | undefined {
  if (!/^https?:\/\//.test(apiBaseUrl)) return undefined
  return new URL(apiBaseUrl).origin
}

/**
 * CSP directives. Scripts only from this origin (no 'unsafe-inline'); inline styles are allowed
 * because the service worker writes the validated tenant colours into the HTML shell so the
 * first frame is already branded.
 */
export function buildCspDirectives(apiBaseUrl: string): Directives {
  const apiOrigin = apiOriginOf(apiBaseUrl)
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'https:', 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': apiOrigin ? ["'self'", apiOrigin] : ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  }
}

/** Options for @fastify/helmet on every answer. */
export function buildHelmetOptions(apiBaseUrl: string): FastifyHelmetOptions {
  return {
    global: true,
    // useDefaults: false keeps upgrade-insecure-requests out: it breaks http://localhost.
    contentSecurityPolicy: { useDefaults: false, directives: buildCspDirectives(apiBaseUrl) },
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
  const csp = Object.entries(buildCspDirectives(apiBaseUrl))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';')
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
  }
}
