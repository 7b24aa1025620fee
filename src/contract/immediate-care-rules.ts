/**
 * Immediate care's limits and rules as plain values, without the schema library: the screens of
 * a first load (the app's outbox, the queue) read them without paying for the schemas built from
 * them in `immediate-care.ts`.
 */
import { EMAIL_MAX_LENGTH, isEmailAddress } from './account-rules.js'

/** A guest session lasts at most this long, even if its consultation is still going on. */
export const GUEST_SESSION_MAX_MINUTES = 120
/** Minutes an immediate request may wait for a professional, unless the hospital sets its own. */
export const DEFAULT_CADUCIDAD_INMEDIATA_MINUTOS = 10
/** Seconds a kiosk shows a walk-in's ticket before it returns to an empty form. */
export const KIOSK_TICKET_SECONDS = 30
/** Longest contact (a phone number or an email address). */
export const CONTACTO_MAX_LENGTH = EMAIL_MAX_LENGTH

// A phone: digits with the usual separators, an optional leading +, 6 to 15 digits (E.164's
// longest).
const PHONE = /^\+?[0-9][0-9 ().-]*$/

/** How a person may be reached back: a phone number or an email address. */
export interface Contacto {
  tipo: 'telefono' | 'correo'
  valor: string
}

/** The contact as stored (trimmed; an email lowercased), or null when it is neither. */
export function parseContacto(value: string): Contacto | null {
  const text = value.trim()
  if (text.length === 0 || text.length > CONTACTO_MAX_LENGTH) return null
  if (text.includes('@')) {
    return isEmailAddress(text) ? { tipo: 'correo', valor: text.toLowerCase() } : null
  }
  const digits = text.replace(/\D/g, '').length
  return PHONE.test(text) && digits >= 6 && digits <= 15 ? { tipo: 'telefono', valor: text } : null
}

/** Spanish message of a contact that is neither a phone number nor an email address. */
export const CONTACTO_INVALIDO =
  'Escribe un teléfono (solo números, espacios, guiones o + al principio) o un correo electrónico válido.'

/** A walk-in's ticket: the day's number of the hospital, "A-001", "A-002"… */
export function formatTicket(numero: number): string {
  return `A-${String(numero).padStart(3, '0')}`
}
