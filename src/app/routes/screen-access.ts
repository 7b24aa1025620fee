/**
 * Which roles may see each screen (docs/routing.md: the tenant route has no guard; this decides
 * what a screen shows, the same way on every screen). Screens not listed are open to everyone.
 */
import type { ReservedSegment } from '../../contract/tenants'
import type { Rol } from '../../contract/account-rules'

export const SCREEN_ROLES: Partial<Record<ReservedSegment, readonly Rol[]>> = {
  cliente: ['cliente'],
  'solicitar-asistencia': ['cliente'],
  'agradecimiento-final': ['cliente'],
  // Its patient and the hospital's staff; the API answers 404 to anyone else.
  'atencion-asistencia': ['cliente', 'profesional', 'admin'],
  profesional: ['profesional'],
  referidos: ['profesional', 'admin'],
  admin: ['admin'],
  apanel: ['admin'],
}

/** True when a user of `rol` may see `screen`. */
export function mayOpen(screen: ReservedSegment, rol: Rol): boolean {
  const roles = SCREEN_ROLES[screen]
  return roles === undefined || roles.includes(rol)
}
