import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { MENSAJES_PAGINA, Mensaje, MensajesQuery, NuevoMensaje } from '../../src/contract/care.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import type { CareService } from '../care/care-service.js'
import {
  ASISTENCIA_PARAMS,
  CARE_ERROR_RESPONSES,
  NO_QUERY_SCHEMA,
  SESSION_HEADERS_SCHEMA,
} from './care-schemas.js'

/**
 * A consultation's conversation: read by whoever may see the consultation, written by its patient
 * and its professional while it is ongoing, idempotent by the client's message id.
 */
export function registerAsistenciaMensajesRoutes(
  instance: FastifyInstance,
  { session, care }: { session: SessionCheckDeps; care: CareService },
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/api/asistencias/:id/mensajes',
    {
      schema: {
        summary: `Conversación de la consulta, de la más antigua a la más reciente: los ${String(MENSAJES_PAGINA)} últimos mensajes, o los anteriores a \`antes\``,
        headers: SESSION_HEADERS_SCHEMA,
        params: ASISTENCIA_PARAMS,
        querystring: MensajesQuery,
        response: { 200: Type.Array(Mensaje), ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      care.listMessages(
        await authenticate(request, reply, session),
        request.params.id,
        request.query.antes,
      ),
  )

  app.post(
    '/api/asistencias/:id/mensajes',
    {
      schema: {
        summary:
          'Escribe en la conversación (su paciente y su profesional, mientras está en curso)',
        headers: SESSION_HEADERS_SCHEMA,
        params: ASISTENCIA_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        body: NuevoMensaje,
        response: { 200: Mensaje, 201: Mensaje, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, session)
      const { created, message } = await care.postMessage(account, request.params.id, request.body)
      return reply.code(created ? 201 : 200).send(message)
    },
  )
}
