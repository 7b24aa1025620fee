/** The Spanish text of the connection banner. */
import { LOCALE } from '../../lib/locale'
import type { ConnectionState } from './connection-status'

const relativeTime = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' })
const MINUTE_MS = 60_000

/** "hace menos de un minuto", "hace 5 minutos", "hace 2 horas", "ayer". */
export function formatTimeAgo(elapsedMs: number): string {
  const minutes = Math.floor(Math.max(0, elapsedMs) / MINUTE_MS)
  if (minutes < 1) return 'hace menos de un minuto'
  if (minutes < 60) return relativeTime.format(-minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return relativeTime.format(-hours, 'hour')
  return relativeTime.format(-Math.floor(hours / 24), 'day')
}

/** What the banner says, or null when there is nothing to say (the API answers). */
export function describeConnection(state: ConnectionState): string | null {
  if (!state.isReachable) {
    return state.lastReachableAt === null
      ? 'Sin conexión'
      : `Sin conexión · última conexión ${formatTimeAgo(state.checkedAt - state.lastReachableAt)}`
  }
  return state.isRestored ? 'Conexión restablecida' : null
}
