/** Paths of the API the app talks to (DESIGN.md, "API contract"), relative to the API base URL. */
export const API_PATHS = {
  hospitales: '/api/hospitales',
  login: '/api/auth/login',
  me: '/api/me',
  health: '/api/health',
} as const

/** Request header carrying the user's bearer token (`X-Authorization: Bearer <token>`). */
export const TOKEN_HEADER = 'X-Authorization'

/** Every API path starts with this; the service worker never answers it with the app shell. */
export const API_PREFIX = '/api/'

/**
 * True for `/api` and everything under `/api/`, on any host, however it is percent-encoded
 * (`/%61pi/me`): the server's router decodes before matching, so this must too.
 */
export function isApiPathname(pathname: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return false
  }
  return decoded === '/api' || decoded.startsWith(API_PREFIX)
}
