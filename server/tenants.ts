import { firstSegmentOf } from './request-path.js'

/**
 * First path segments that never name a tenant (SPEC §2, DESIGN "Tenant routing"), plus the
 * server's own top-level paths. Kept here because `server/` never imports `src/`.
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set([
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
  // Served by this server itself, so they can never be a tenant's first segment.
  'api',
  'assets',
  'icons',
  'logos',
])

/** The product's generic portal: it has no hospital record and any account may sign in to it. */
export const MAIN_TENANT = 'main'

// The app's rule (src/shared/tenant-path.ts, kept equal by a contract test there): letters of
// any script, digits and URL-safe punctuation, up to 100 characters.
const TENANT_SEGMENT = /^[\p{L}\p{N}][\p{L}\p{N}._~-]{0,99}$/u

/** True when a decoded first path segment can name a tenant (sane characters, not reserved). */
export function isTenantSegment(segment: string): boolean {
  return TENANT_SEGMENT.test(segment) && !RESERVED_SEGMENTS.has(segment)
}

/** The tenant a request URL (`/clinica-norte/login?x`) belongs to, or undefined. */
export function tenantOfUrl(url: string): string | undefined {
  const segment = firstSegmentOf(url)
  return segment !== undefined && isTenantSegment(segment) ? segment : undefined
}
