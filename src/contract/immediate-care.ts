/**
 * Immediate care without an account, and walk-ins taken at a waiting-room kiosk: the request a
 * person without an account sends, and its answer (a guest session limited to that one request,
 * or a walk-in's ticket), written once with TypeBox for the server's schemas and the screen.
 */
import { Type, type Static } from 'typebox'
import { PERSON_NAME_MAX_LENGTH } from './account-rules.js'
import { SessionUser } from './accounts.js'
import { Asistencia, MOTIVO_MAX_LENGTH } from './care.js'
import { TenantId } from './hospitals.js'
import { KioskToken } from './kiosks.js'
import { CONTACTO_MAX_LENGTH } from './immediate-care-rules.js'

/** Shortest replay secret accepted: 32 base64url characters are 192 random bits. */
export const GUEST_SECRET_MIN_LENGTH = 32

export {
  CONTACTO_INVALIDO,
  CONTACTO_MAX_LENGTH,
  DEFAULT_CADUCIDAD_INMEDIATA_MINUTOS,
  GUEST_SESSION_MAX_MINUTES,
  KIOSK_TICKET_SECONDS,
  formatTicket,
  parseContacto,
  type Contacto,
} from './immediate-care-rules.js'

/**
 * `POST /api/asistencias/inmediata` (public). `id` is chosen by the client: a repeated send
 * answers the same request. `presencial`: a walk-in (a ticket, no session), accepted only with
 * `quiosco`, the token of a kiosk the hospital's administration enrolled and has not revoked.
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
    quiosco: Type.Optional(KioskToken),
    /**
     * A random value only this caller knows (immediate care): a replay of the same id gets the
     * guest session again only with the same secret; without it, the request and no session.
     */
    secreto: Type.Optional(
      Type.String({
        minLength: GUEST_SECRET_MIN_LENGTH,
        maxLength: 128,
        pattern: '^[A-Za-z0-9_-]+$',
        description:
          'Valor aleatorio de quien envía (base64url): una repetición con el mismo id recibe la sesión de invitado solo con el mismo secreto',
      }),
    ),
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
