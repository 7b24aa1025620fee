import { Type, type TSchema } from 'typebox'
import { Asistencia } from '../../src/contract/care.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../http/route-schemas.js'

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

// Actions that take no body still declare one (the route policy wants every input described);
// an empty schema lets a bodyless POST through, and whatever a client sends is never read.
const NO_BODY = { description: 'Sin cuerpo.' } as const

/**
 * The schema of an action on one request (`/api/asistencias/{id}/…`): the session header, the
 * request's id, no query, an optional body, and the request's record (or an error) back.
 */
export function asistenciaActionSchema<Body extends TSchema | typeof NO_BODY = typeof NO_BODY>(
  summary: string,
  body: Body = NO_BODY as Body,
) {
  return {
    summary,
    headers: SESSION_HEADERS_SCHEMA,
    params: ASISTENCIA_PARAMS,
    querystring: NO_QUERY_SCHEMA,
    body,
    response: { 200: Asistencia, ...CARE_ERROR_RESPONSES },
  }
}

export { NO_QUERY_SCHEMA }
