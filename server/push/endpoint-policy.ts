/**
 * Where the server agrees to post a push message. A subscription's endpoint is a URL a user hands
 * over and the server later posts to (an SSRF vector): only `https:` URLs of the browsers' push
 * services are accepted, plus the origins an operator names in `PUSH_SERVICE_ORIGINS` (a private
 * push service). SECURITY.md lists them.
 */

/** Push services of the browsers (Chrome/Edge/Opera, Firefox, Safari, legacy Edge). */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
] as const

/** Host suffixes of push services that spread over many hosts. */
export const KNOWN_PUSH_SERVICE_SUFFIXES = [
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const

const LOOPBACK_HOST = /^(?:127(?:\.\d{1,3}){3}|\[::1\]|localhost)$/

/** True if the server may post to `endpoint`, given the operator's extra origins. */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  const url = URL.parse(endpoint)
  if (url?.username !== '' || url.password !== '') return false
  if (extraOrigins.includes(url.origin)) return true
  if (url.protocol !== 'https:' || url.port !== '') return false
  const host = url.hostname.toLowerCase()
  return (
    (KNOWN_PUSH_SERVICE_HOSTS as readonly string[]).includes(host) ||
    KNOWN_PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix))
  )
}

/**
 * Parses `PUSH_SERVICE_ORIGINS` (comma-separated): each an `https:` origin, or an `http:` origin on
 * this machine's loopback (a push service beside the server, as the tests run). Throws a message
 * naming the bad entry.
 */
export function parsePushServiceOrigins(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  return entries.map((entry) => {
    const url = URL.parse(entry)
    const isLoopbackHttp = url?.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname)
    if (
      url === null ||
      (url.protocol !== 'https:' && !isLoopbackHttp) ||
      url.username !== '' ||
      url.password !== '' ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search !== '' ||
      url.hash !== ''
    ) {
      throw new Error(
        `PUSH_SERVICE_ORIGINS entries must be https:// origins (or http:// on loopback); got "${entry}".`,
      )
    }
    return url.origin
  })
}
