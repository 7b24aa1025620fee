/**
 * The front desk: a professional calls a walk-in's ticket to a room or desk, and the waiting
 * room's display shows the calls. What leaves the building's staff is only ticket, room and time:
 * never a name, a reason or a contact. Shapes written once with TypeBox for the route schemas,
 * OpenAPI and the screens.
 */
import { Type, type Static } from 'typebox'

/** Longest room or desk name, in characters ("Consulta 2", "Box de triaje 3"). */
export const SALA_MAX_LENGTH = 40
/** The room or desk name as a free-text field: one rule for the form and the server. */
export const SALA_FIELD = {
  label: 'consulta o puesto',
  maxLength: SALA_MAX_LENGTH,
  isMultiline: false,
} as const

/** Calls the waiting-room display shows: the newest large, the rest as the last few. */
export const LLAMADAS_EN_PANTALLA = 6

/** How often the waiting-room display asks for the calls while connected (ms). */
export const SALA_DE_ESPERA_REFRESCO_MS = 1000

/** `POST /api/asistencias/{id}/llamar`: the room or desk the walk-in is called to. */
export const NuevaLlamadaTurno = Type.Object(
  // Bytes bound generously: the server counts characters as people see them.
  { sala: Type.String({ minLength: 1, maxLength: SALA_MAX_LENGTH * 4 }) },
  { additionalProperties: false },
)
export type NuevaLlamadaTurno = Static<typeof NuevaLlamadaTurno>

/** One call of a ticket, as the display shows it: "A-014 → Consulta 2". */
export const LlamadaTurno = Type.Object({
  id: Type.Integer(),
  ticket: Type.String(),
  sala: Type.String(),
  llamado_en: Type.String({ format: 'date-time' }),
})
export type LlamadaTurno = Static<typeof LlamadaTurno>

/** `GET /api/sala-de-espera?tenant=…` (public): today's newest calls first. */
export const LlamadasSalaDeEspera = Type.Object({ llamadas: Type.Array(LlamadaTurno) })
export type LlamadasSalaDeEspera = Static<typeof LlamadasSalaDeEspera>
