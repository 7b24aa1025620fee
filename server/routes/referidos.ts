import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Asistencia } from '../../src/contract/care.js'
import { NuevaDerivacion, Referidos } from '../../src/contract/referrals.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import type { CareService } from '../care/care-service.js'
import {
  ASISTENCIA_PARAMS,
  CARE_ERROR_RESPONSES,
  NO_QUERY_SCHEMA,
  SESSION_HEADERS_SCHEMA,
} from './care-schemas.js'

export interface ReferidosRouteDeps {
  session: SessionCheckDeps
  care: CareService
}

/**
 * Referrals between professionals: the attending professional refers a request's patient to a
 * specialty or a named colleague (a new request in the queue, linked to the first), and each
 * professional lists the referrals they made and received.
 */
export function registerReferidosRoutes(instance: FastifyInstance, deps: ReferidosRouteDeps) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { session, care } = deps

  app.post(
    '/api/asistencias/:id/derivar',
    {
      schema: {
        summary:
          'Deriva al paciente a una especialidad o a un profesional del centro (su profesional); repetir el mismo id devuelve la misma derivación',
        headers: SESSION_HEADERS_SCHEMA,
        params: ASISTENCIA_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        body: NuevaDerivacion,
        response: { 201: Asistencia, 200: Asistencia, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, session)
      const { created, record } = await care.refer(account, request.params.id, request.body)
      return reply.code(created ? 201 : 200).send(record)
    },
  )

  app.get(
    '/api/referidos',
    {
      schema: {
        summary: 'Derivaciones enviadas y recibidas por el profesional, con su estado',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: Referidos, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => care.referrals(await authenticate(request, reply, session)),
  )
}
