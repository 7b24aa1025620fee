/**
 * Who may switch a device out of kiosk mode, apart from the kiosk's own state (`kiosk-mode.ts`,
 * which the page's entry reads before anything else loads, without the contract's policy).
 */
import { may } from '../../contract/permissions'

/** True for an administrator of `tenant`, or of the product itself (`main`). */
export function mayLeaveKioskMode(user: { rol: string; tenant: string }, tenant: string): boolean {
  return may(user, 'administrar', { tenant })
}
