import Type from 'typebox'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../schemas.js'

/** The session header every care route reads (its absence is answered 401 by the handler). */
export const SESSION_HEADERS_SCHEMA = {
  type: 'object',
  properties: { 'x-authorization': { type: 'string', maxLength: 4096 } },
} as const

export const ASISTENCIA_PARAMS = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
)

export const FOTO_PARAMS = Type.Object(
  { id: Type.String({ format: 'uuid' }), fotoId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
)

export const CARE_ERROR_RESPONSES = { '4xx': ERROR_RESPONSE_SCHEMA } as const

export { NO_QUERY_SCHEMA }
