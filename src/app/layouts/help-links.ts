import { may } from '../../contract/permissions'
import type { SessionState } from '../../features/auth/session'

/**
 * Whether the footer offers "Solicitar asistencia": to anyone who may ask for help, or may sign
 * in to do so; never to a signed-in professional or administrator, whom it would only answer
 * "No tienes acceso".
 */
export function offersHelpRequest(session: SessionState | undefined): boolean {
  return session?.status !== 'verified' || may(session.user, 'solicitar')
}
