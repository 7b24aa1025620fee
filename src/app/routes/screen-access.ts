/**
 * Which roles may see each screen (SPEC §2: the tenant route has no guard; this decides what a
 * screen shows, the same way on every screen). Screens not listed are open to everyone.
 */
import type { ReservedSegment } from '../../contract/tenants'
import type { Rol } from '../../contract/accounts'

export const SCREEN_ROLES: Partial<Record<ReservedSegment, readonly Rol[]>> = {
  cliente: ['cliente'],
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
