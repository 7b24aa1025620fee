/** The Spanish text of the connection banner. */
import { formatTimeAgo } from '../../../lib/locale'
import type { ConnectionState } from './connection-status'

/** What the banner says, or null when there is nothing to say (the API answers). */
export function describeConnection(state: ConnectionState): string | null {
  if (!state.isReachable) {
    return state.lastReachableAt === null
      ? 'Sin conexión'
      : `Sin conexión · última conexión ${formatTimeAgo(state.checkedAt - state.lastReachableAt)}`
  }
  return state.isRestored ? 'Conexión restablecida' : null
}
