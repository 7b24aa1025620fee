/**
 * A hospital's day, in its own time zone (`hospitals.zona_horaria`): when "today" began for its
 * figures, and which day a walk-in's ticket is numbered in. Temporal does the calendar
 * arithmetic, daylight saving time included.
 */
import { Temporal } from 'temporal-polyfill'

/** The time zone of a hospital that has none usable (the column's default). */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid'

/** `timeZone` when it names a time zone Temporal knows, else {@link DEFAULT_TIME_ZONE}. */
export function usableTimeZone(timeZone: string | undefined): string {
  if (timeZone === undefined) return DEFAULT_TIME_ZONE
  try {
    return Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone).timeZoneId
  } catch {
    return DEFAULT_TIME_ZONE
  }
}

function zoned(timeZone: string, nowMs: number): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(usableTimeZone(timeZone))
}

/** The hospital's calendar day at `nowMs` (YYYY-MM-DD). */
export function dayIn(timeZone: string, nowMs: number): string {
  return zoned(timeZone, nowMs).toPlainDate().toString()
}

/** The instant the hospital's day began, as ISO 8601 UTC (the database's format for times). */
export function startOfDayIn(timeZone: string, nowMs: number): string {
  return new Date(zoned(timeZone, nowMs).startOfDay().epochMilliseconds).toISOString()
}

/** `iso` as a Spanish date and time in `timeZone` ("23 de noviembre de 2026 a las 11:05"). */
export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('es-ES', {
    timeZone: usableTimeZone(timeZone),
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso))
}
