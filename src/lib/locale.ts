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

/** "hace 5 minutos", "ahora": how long ago `past` was, in whole minutes. */
export function formatMinutesAgo(past: Date, now: Date): string {
  const minutes = Math.round((past.getTime() - now.getTime()) / 60_000)
  return minutes === 0 ? 'ahora' : relativeFormat.format(minutes, 'minute')
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
