/** Spanish (Spain) formatting for every date, number and amount the app shows (SPEC §9). */
export const LOCALE = 'es-ES'
export const CURRENCY = 'EUR'
/** ISO weekday the week starts on: Monday. */
export const FIRST_DAY_OF_WEEK = 1

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long' })
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'short' })
const currencyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY })
const numberFormat = new Intl.NumberFormat(LOCALE)
const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' })

export function formatDate(date: Date): string {
  return dateFormat.format(date)
}

export function formatDateTime(date: Date): string {
  return dateTimeFormat.format(date)
}

export function formatCurrency(amount: number): string {
  return currencyFormat.format(amount)
}

export function formatNumber(value: number): string {
  return numberFormat.format(value)
}

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

/** The Monday that starts the week containing `date`, at local midnight. */
export function startOfWeek(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate())
  const daysSinceMonday = (start.getDay() - FIRST_DAY_OF_WEEK + 7) % 7
  start.setDate(start.getDate() - daysSinceMonday)
  return start
}

/** Weekday names in display order, Monday first: "lunes" … "domingo". */
export function weekdayNames(format: 'long' | 'short' = 'long'): string[] {
  const weekday = new Intl.DateTimeFormat(LOCALE, { weekday: format })
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => weekday.format(new Date(2024, 0, 1 + index)))
}
