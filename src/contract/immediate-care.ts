/**
 * Immediate care without an account, and walk-ins taken at a waiting-room kiosk: the request a
 * person without an account sends, its answer (a guest session limited to that one request, or a
 * walk-in's ticket), and their limits, once for the server's schemas and the screen's checks.
 */
import Type, { type Static } from 'typebox'
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from './account-rules.js'
import { SessionUser } from './accounts.js'
import { Asistencia, MOTIVO_MAX_LENGTH } from './care.js'
import { TenantId } from './hospitals.js'

/** A guest session lasts at most this long, even if its consultation is still going on. */
export const GUEST_SESSION_MAX_MINUTES = 120
/** Minutes an immediate request may wait for a professional, unless the hospital sets its own. */
export const DEFAULT_CADUCIDAD_INMEDIATA_MINUTOS = 10
/** Seconds a kiosk shows a walk-in's ticket before it returns to an empty form. */
export const KIOSK_TICKET_SECONDS = 30
/** Longest contact (a phone number or an email address). */
export const CONTACTO_MAX_LENGTH = EMAIL_MAX_LENGTH

// A phone: digits with the usual separators, an optional leading +, 6 to 15 digits (E.164's
// longest). An email: one @, a dot in the domain, no spaces or control characters.
const PHONE = /^\+?[0-9][0-9 ().-]*$/
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u

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
    return EMAIL.test(text) ? { tipo: 'correo', valor: text.toLowerCase() } : null
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

/**
 * `POST /api/asistencias/inmediata` (public). `id` is chosen by the client: a repeated send
 * answers the same request. `presencial`: sent by a kiosk for a walk-in (a ticket, no session).
 */
export const SolicitudInmediata = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    tenant: TenantId,
    // Lengths in characters are checked by the server's readers; the schema bounds the bytes.
    nombre: Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX_LENGTH * 4 }),
    contacto: Type.String({ minLength: 1, maxLength: CONTACTO_MAX_LENGTH }),
    motivo: Type.String({ minLength: 1, maxLength: MOTIVO_MAX_LENGTH }),
    acepta_terminos: Type.Literal(true),
    terminos_version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    presencial: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type SolicitudInmediata = Static<typeof SolicitudInmediata>

/**
 * The answer: the request and, for immediate care, a guest session (its `token` is used like any
 * sign-in's) ending when the consultation ends or after {@link GUEST_SESSION_MAX_MINUTES}; a
 * walk-in gets its ticket and no session.
 */
export const AsistenciaInmediataCreada = Type.Object({
  asistencia: Asistencia,
  ticket: Type.Union([Type.String(), Type.Null()]),
  sesion: Type.Union([
    Type.Object({ token: Type.String({ minLength: 1 }), user: SessionUser }),
    Type.Null(),
  ]),
})
export type AsistenciaInmediataCreada = Static<typeof AsistenciaInmediataCreada>

/**
 * Immediate requests and walk-ins (someone waiting now, with no appointment) come before
 * signed-in patients' requests in the queue; within each group, oldest first.
 */
export function comesFirstInQueue(origen: string): boolean {
  return origen === 'inmediata' || origen === 'presencial'
}

/** The mark a queue shows on a request that did not come from a signed-in patient. */
export function origenLabel(asistencia: { origen: string; ticket: string | null }): string | null {
  if (asistencia.origen === 'inmediata') return 'Inmediata'
  if (asistencia.origen === 'presencial') {
    return asistencia.ticket === null ? 'Presencial' : `Presencial · ${asistencia.ticket}`
  }
  return null
}
