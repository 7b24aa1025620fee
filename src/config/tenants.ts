/** Tenant used when the URL names none and nothing is stored (SPEC §9). */
export const DEFAULT_TENANT = 'main'

/**
 * First path segments that are never tenants (SPEC §2), exact and case-sensitive.
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
