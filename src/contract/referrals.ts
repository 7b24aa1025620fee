/**
 * Referrals between professionals: the body of a referral and a professional's list of them.
 * Apart from the care journey's shapes (`care.ts`, which holds a request's `derivacion`) so the
 * patient's screens never load them.
 */
import { Type, type Static } from 'typebox'
import { Asistencia, ESPECIALIDAD_MAX_LENGTH } from './care.js'
import type { FreeTextField } from './text.js'

/** Longest note a professional may add when referring a patient to a colleague. */
export const NOTA_DERIVACION_MAX_LENGTH = 1000
export { DERIVACION_PLAZO_HORAS } from './permissions.js'
/** A referral's note, read by the one rule of free texts (`readFreeText`). */
export const NOTA_DERIVACION_FIELD: FreeTextField = {
  label: 'nota',
  maxLength: NOTA_DERIVACION_MAX_LENGTH,
  isMultiline: true,
}

/**
 * A referral (`POST /api/asistencias/{id}/derivar`): the new request's id (chosen by the client, so
 * a repeat answers the same record), addressed to a specialty or to one professional, and a note.
 */
export const NuevaDerivacion = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    // Sizes only: the texts' rule (`readFreeText`) is applied by the server with its message.
    especialidad: Type.Optional(Type.String({ maxLength: ESPECIALIDAD_MAX_LENGTH * 4 })),
    profesional_id: Type.Optional(Type.Integer({ minimum: 1 })),
    nota: Type.String({ maxLength: NOTA_DERIVACION_MAX_LENGTH * 4 }),
  },
  { additionalProperties: false },
)
export type NuevaDerivacion = Static<typeof NuevaDerivacion>

/** A professional's referrals (`GET /api/referidos`), newest first. */
export const Referidos = Type.Object({
  enviadas: Type.Array(Asistencia),
  recibidas: Type.Array(Asistencia),
})
export type Referidos = Static<typeof Referidos>
