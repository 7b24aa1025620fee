/**
 * The one reading of a request's path that every check of this server uses (API or app, which
 * tenant, which file). The router matches percent-decoded paths (`/%61pi/me` runs the `/api/me`
 * route), so every hook that decides "is this the API?" must decode the same way, or a disguised
 * path gets the route's answer without the API's headers.
 */
import { isApiPathname, isTenantId } from '../../src/contract/tenants.js'

/** The path of a request URL, percent-decoded once; undefined when it cannot be decoded. */
export function decodedPathOf(url: string): string | undefined {
  const rawPath = url.split(/[?#]/, 1)[0] ?? '/'
  try {
    return decodeURIComponent(rawPath)
  } catch {
    return undefined
  }
}

/** True for `/api` and anything under `/api/` (any encoding), whose answers are always JSON. */
export function isApiUrl(url: string): boolean {
  return isApiPathname(url.split(/[?#]/, 1)[0] ?? '')
}

/**
 * The first segment of a URL's path, split before decoding (so `%2F` never splits it) and then
 * decoded: `/clinica-norte/login` → `clinica-norte`, `/%61pi/x` → `api`. Undefined when empty
 * or undecodable.
 */
export function firstSegmentOf(url: string): string | undefined {
  const rawPath = url.split(/[?#]/, 1)[0] ?? ''
  const match = /^\/([^/\\]+)/.exec(rawPath)
  if (!match?.[1]) return undefined
  try {
    return decodeURIComponent(match[1])
  } catch {
    return undefined
  }
}

/** The tenant a request URL (`/clinica-norte/login?x`) belongs to, or undefined. */
export function tenantOfUrl(url: string): string | undefined {
  const segment = firstSegmentOf(url)
  return segment !== undefined && isTenantId(segment) ? segment : undefined
}
