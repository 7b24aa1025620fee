/**
 * The routing rules (docs/routing.md) as one pure function: which tenant a location belongs to, and
 * where to redirect when its first segment names none. The result is always a same-origin path
 * that starts with `/{tenant}/`, and applying the rules to it again changes nothing.
 */
import { DEFAULT_TENANT } from '../../contract/tenants'
import { paths } from '../../config/paths'
import { isTenantId, tenantFromPathname } from '../../contract/tenants'

export interface LocationParts {
  pathname: string
  search?: string
  hash?: string
}

export type TenantResolution =
  { kind: 'tenant'; tenant: string } | { kind: 'redirect'; tenant: string; to: string }

// Any fixed origin: it only lets the URL parser canonicalise the path; it is never navigated to.
const PARSING_BASE = 'https://app.invalid'

// Tabs and line breaks vanish when a browser parses a URL (WHATWG URL, "remove all ASCII tab or
// newline"): `/\t/evil.example` is `//evil.example` to it, so it is to these rules too.
const TAB_OR_NEWLINE = /[\t\n\r]/g
// Control characters, percent-encoded as a canonical path holds them: no screen's path has one,
// and the router's patterns never match them once decoded (`/x%0Ay` matches no route at all,
// not even "page not found"), so they go from the path below the tenant, as raw ones do.
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/gi

/** A canonical child path without control characters, canonical again (dots, slashes). */
function withoutControlCharacters(path: string): string {
  const cleaned = path.replace(ENCODED_CONTROL, '')
  if (cleaned === path) return path
  const url = new URL('/' + cleaned.replace(/^[/\\]+/, ''), PARSING_BASE)
  return url.pathname.replace(/\/{2,}/g, '/')
}

/**
 * Canonical path, search and hash as the browser would see them: backslashes become slashes,
 * dot segments (encoded or not) are resolved. Leading slashes collapse into one first, so the
 * input can never be read as a protocol-relative URL (`//evil.example`). A `?` or `#` inside the
 * pathname is a character of the path, never the start of a query or fragment.
 */
function canonicalise({ pathname, search = '', hash = '' }: LocationParts) {
  const path = pathname.replace(TAB_OR_NEWLINE, '').replace(/[?#]/g, encodeURIComponent)
  const url = new URL('/' + path.replace(/^[/\\]+/, ''), PARSING_BASE)
  const query = new URL(
    PARSING_BASE + '/' + (search.startsWith('?') ? search : search && `?${search}`),
  )
  const fragment = new URL(PARSING_BASE + '/' + (hash.startsWith('#') ? hash : hash && `#${hash}`))
  return {
    pathname: url.pathname.replace(/\/{2,}/g, '/'),
    search: query.search,
    hash: fragment.hash,
    // `//x` and `/\x` have an empty first segment (docs/routing.md: the stored tenant applies),
    // even though the canonical path no longer shows it.
    hasEmptyFirstSegment: /^(?:[/\\]{2}|\\)/.test(path),
  }
}

export function resolveTenantLocation(
  location: LocationParts,
  storedTenant: string | null,
): TenantResolution {
  const { pathname, search, hash, hasEmptyFirstSegment } = canonicalise(location)
  const original = location.pathname + (location.search ?? '') + (location.hash ?? '')
  const urlTenant = hasEmptyFirstSegment ? null : tenantFromPathname(pathname)

  let tenant: string
  let target: string
  if (urlTenant !== null) {
    tenant = urlTenant
    const childStart = pathname.indexOf('/', 1)
    const rest = childStart === -1 ? '' : withoutControlCharacters(pathname.slice(childStart))
    // The tenant is written the one way `paths` writes it: `/%68ospital-x/…` becomes
    // `/hospital-x/…`, so every URL of a hospital starts with the same `/{tenant}/`.
    target = rest === '' || rest === '/' ? paths.login(tenant) : paths.tenantRoot(tenant) + rest
  } else {
    tenant = storedTenant !== null && isTenantId(storedTenant) ? storedTenant : DEFAULT_TENANT
    const path = withoutControlCharacters(pathname)
    target = path === '/' ? paths.login(tenant) : paths.tenantRoot(tenant) + path
  }
  const to = target + search + hash
  return to === original ? { kind: 'tenant', tenant } : { kind: 'redirect', tenant, to }
}
