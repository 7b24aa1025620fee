/**
 * The tenant rules, one copy for the page, the service worker, the server and the build: which
 * first path segments are reserved, which can name a hospital, and which hospital a path names.
 * Pure and DOM-free.
 */

/**
 * Tenant used when the URL names none and nothing is stored (docs/routing.md, "The default
 * tenant").
 */
export const DEFAULT_TENANT = 'main'

/** The product's name where no hospital's applies (the HTML title); the base manifest's too. */
export const DEFAULT_APP_NAME = 'Clínica'

/**
 * First path segments that are never tenants (docs/routing.md), exact and case-sensitive.
 * The empty segment is handled by the routing rules; every other name is also a child route.
 */
export const RESERVED_SEGMENTS = [
  'admin',
  'login',
  'apanel',
  'admin-login',
  'cliente',
  'referidos',
  'profesional',
  'external',
  'validar-cuenta',
  'pagos',
  'solicitar-asistencia',
  'directorio',
  'atencion-asistencia',
  'error-consulta-inactiva',
  'terminos-y-condiciones',
  'restablecer-acceso',
  'agradecimiento-final',
  'atencion-profesional-publica-inmediata',
] as const

export type ReservedSegment = (typeof RESERVED_SEGMENTS)[number]

/** The printable install page's segment inside a tenant (a child route, not a reserved name). */
export const INSTALL_SEGMENT = 'instalar'

/** The waiting room's wall display inside a tenant (a child route, not a reserved name). */
export const WAITING_ROOM_SEGMENT = 'sala-de-espera'

/** The registration screen's segment inside a tenant (a child route, not a reserved name). */
export const REGISTER_SEGMENT = 'registro'

/**
 * "Mi perfil"'s segment inside a tenant (a child route, not a reserved name); an email change's
 * link opens it too.
 */
export const PROFILE_SEGMENT = 'perfil'

/**
 * First segments the server answers itself (the API, build assets, icons, logos): never a
 * tenant either, or `/%61pi/x` would make `api` the stored tenant and `/` lead to `/api/login`.
 */
export const SERVER_SEGMENTS = ['api', 'assets', 'icons', 'logos'] as const

const NEVER_TENANTS: ReadonlySet<string> = new Set([...RESERVED_SEGMENTS, ...SERVER_SEGMENTS])

/** True when `segment` (decoded) is empty or reserved, i.e. it cannot name a tenant. */
export function isReservedSegment(segment: string): boolean {
  return segment === '' || NEVER_TENANTS.has(segment)
}

/** Longest tenant identifier, in characters: in a path, a query or a request body alike. */
export const TENANT_ID_MAX_LENGTH = 100

// Letters (any script), digits and URL-safe punctuation; up to the limit above. Anything else
// (markup, control characters, slashes once decoded, very long strings) never names a tenant.
const TENANT_ID = new RegExp(
  String.raw`^[\p{L}\p{N}][\p{L}\p{N}._~-]{0,${TENANT_ID_MAX_LENGTH - 1}}$`,
  'u',
)

/** The raw (still percent-encoded) first segment of a pathname: `/a/b` → `a`, `/` → ``. */
export function firstSegment(pathname: string): string {
  const withoutLeadingSlashes = pathname.replace(/^[/\\]+/, '')
  const end = withoutLeadingSlashes.search(/[/\\]/)
  return end === -1 ? withoutLeadingSlashes : withoutLeadingSlashes.slice(0, end)
}

/** Percent-decodes a segment; null when the encoding is broken. */
export function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/** True when `value` (decoded) can be a tenant identifier and is not reserved. */
export function isTenantId(value: string): boolean {
  return !isReservedSegment(value) && TENANT_ID.test(value)
}

/** Longest address a new hospital may take (a DNS label's length: it may become a host name). */
export const HOSPITAL_SLUG_MAX_LENGTH = 63

// Words of lowercase ASCII letters and digits joined by single hyphens: every address has one
// spelling (no case twins like `Hospital-Central`, no look-alike letters from other scripts or
// full-width forms) and no dot, so it can never be a file the server answers at the root
// (`sw.js`, `manifest.webmanifest`, `robots.txt`, `index.html`…).
const HOSPITAL_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * True when `value` may be the address of a new hospital: the slug rule above, not reserved, not
 * the default tenant. Existing addresses are still recognised in URLs by {@link isTenantId}.
 */
export function isNewHospitalSlug(value: string): boolean {
  return (
    value.length <= HOSPITAL_SLUG_MAX_LENGTH &&
    HOSPITAL_SLUG.test(value) &&
    value !== DEFAULT_TENANT &&
    isTenantId(value)
  )
}

/** The tenant a pathname belongs to, or null when its first segment names none. */
export function tenantFromPathname(pathname: string): string | null {
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return null
  const decoded = decodeSegment(firstSegment(pathname))
  return decoded !== null && isTenantId(decoded) ? decoded : null
}

/** Every API path starts with this; the service worker never answers it with the app shell. */
export const API_PREFIX = '/api/'

/**
 * True for `/api` and everything under `/api/`, on any host, however it is percent-encoded
 * (`/%61pi/me`): the server's router decodes before matching, so every check must too.
 */
export function isApiPathname(pathname: string): boolean {
  const decoded = decodeSegment(pathname)
  return decoded !== null && (decoded === '/api' || decoded.startsWith(API_PREFIX))
}

/** The root of a tenant's URLs, written the one canonical way (`/cl%C3%ADnica-sol`). */
export function tenantRoot(tenant: string): string {
  return `/${encodeURIComponent(tenant)}`
}

/** A tenant's sign-in screen, where `/{tenant}` alone leads. */
export function loginPath(tenant: string): string {
  return `${tenantRoot(tenant)}/login`
}

/** The parts of a URL the routing rules read. */
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

/**
 * The routing rules (docs/routing.md) as one pure function: which tenant a location belongs to, and
 * where to redirect when its first segment names none. The result is always a same-origin path
 * that starts with `/{tenant}/`, and applying the rules to it again changes nothing.
 */
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
    target = rest === '' || rest === '/' ? loginPath(tenant) : tenantRoot(tenant) + rest
  } else {
    tenant = storedTenant !== null && isTenantId(storedTenant) ? storedTenant : DEFAULT_TENANT
    const path = withoutControlCharacters(pathname)
    target = path === '/' ? loginPath(tenant) : tenantRoot(tenant) + path
  }
  const to = target + search + hash
  return to === original ? { kind: 'tenant', tenant } : { kind: 'redirect', tenant, to }
}
