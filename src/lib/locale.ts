/**
 * Spanish (Spain) formatting for what the app shows (docs/locale.md: es-ES, weeks from Monday,
 * EUR). Today that is how long ago something happened; dates and amounts join when a screen shows
 * them.
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

const BYTE_UNITS = [
  [1024 ** 3, 'gigabyte'],
  [1024 ** 2, 'megabyte'],
  [1024, 'kilobyte'],
] as const

/** "512 B", "1,5 kB", "2,3 MB": a size in bytes, in binary multiples, one decimal at most. */
export function formatBytes(bytes: number): string {
  const value = Math.max(0, bytes)
  for (const [size, unit] of BYTE_UNITS) {
    if (value >= size) {
      return new Intl.NumberFormat(LOCALE, {
        style: 'unit',
        unit,
        maximumFractionDigits: 1,
      }).format(value / size)
    }
  }
  return new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'byte' }).format(value)
}

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 })

/** "2048", "12.500": a whole number, as people in Spain write it. */
export function formatInteger(value: number): string {
  return integerFormat.format(value)
}

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'medium' })

/** "23/11/26, 10:05:00": a moment, as people in Spain write it. */
export function formatDateTime(at: number): string {
  return dateTimeFormat.format(at)
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long' })

/** "1 de enero de 2026": a day, as people in Spain write it. */
export function formatDate(at: number | Date): string {
  return dateFormat.format(at)
}
