/**
 * Referrals between professionals: the body of a referral and a professional's list of them.
 * Apart from the care journey's shapes (`care.ts`, which holds a request's `derivacion`) so the
 * patient's screens never load them.
 */
import Type, { type Static } from 'typebox'
import { Asistencia, ESPECIALIDAD_MAX_LENGTH } from './care.js'

/** Longest note a professional may add when referring a patient to a colleague. */
export const NOTA_DERIVACION_MAX_LENGTH = 1000
export { DERIVACION_PLAZO_HORAS } from './permissions.js'
/**
 * A referral's note: any text but control and direction-override characters (line breaks and
 * tabs stay). A JSON Schema pattern, so the server's schema and the form check the same thing.
 */
export const NOTA_DERIVACION_PATTERN =
  '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$'

/**
 * A referral (`POST /api/asistencias/{id}/derivar`): the new request's id (chosen by the client, so
 * a repeat answers the same record), addressed to a specialty or to one professional, and a note.
 */
export const NuevaDerivacion = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    especialidad: Type.Optional(Type.String({ minLength: 1, maxLength: ESPECIALIDAD_MAX_LENGTH })),
    profesional_id: Type.Optional(Type.Integer({ minimum: 1 })),
    nota: Type.String({
      minLength: 1,
      maxLength: NOTA_DERIVACION_MAX_LENGTH,
      pattern: NOTA_DERIVACION_PATTERN,
    }),
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
