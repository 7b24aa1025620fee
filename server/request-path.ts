/**
 * The one reading of a request's path that every check of this server uses (API or app, which
 * tenant, which file). The router matches percent-decoded paths (`/%61pi/me` runs the `/api/me`
 * route), so every hook that decides "is this the API?" must decode the same way, or a disguised
 * path gets the route's answer without the API's headers.
 */

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
  const path = decodedPathOf(url)
  return path !== undefined && (path === '/api' || path.startsWith('/api/'))
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
