/**
 * Reading the tenant from a path. Shared by the page's routing rules and the service worker,
 * so both agree on which URL belongs to which hospital.
 */
import { isReservedSegment } from '../config/tenants'

// Letters (any script), digits and URL-safe punctuation; up to 100 characters. Anything else
// (markup, control characters, slashes once decoded, very long strings) never names a tenant.
const TENANT_ID = /^[\p{L}\p{N}][\p{L}\p{N}._~-]{0,99}$/u

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

/** The tenant a pathname belongs to, or null when its first segment names none. */
export function tenantFromPathname(pathname: string): string | null {
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return null
  const decoded = decodeSegment(firstSegment(pathname))
  return decoded !== null && isTenantId(decoded) ? decoded : null
}
