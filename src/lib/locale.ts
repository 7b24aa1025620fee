/**
 * Spanish (Spain) formatting for what the app shows (SPEC §9: es-ES, weeks from Monday, EUR).
 * Today that is how long ago something happened; dates and amounts join when a screen shows them.
 */
const LOCALE = 'es-ES'

const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' })

const MINUTE_MS = 60_000

/** "hace menos de un minuto", "hace 5 minutos", "hace 2 horas", "ayer": how long ago, in words. */
export function formatTimeAgo(elapsedMs: number): string {
  const minutes = Math.floor(Math.max(0, elapsedMs) / MINUTE_MS)
  if (minutes < 1) return 'hace menos de un minuto'
  if (minutes < 60) return relativeFormat.format(-minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return relativeFormat.format(-hours, 'hour')
  return relativeFormat.format(-Math.floor(hours / 24), 'day')
}
