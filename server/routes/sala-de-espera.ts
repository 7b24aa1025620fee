import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  LlamadasSalaDeEspera,
  LlamadaTurno,
  NuevaLlamadaTurno,
} from '../../src/contract/front-desk.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import type { FrontDesk } from '../care/front-desk.js'
import { TENANT_SCHEMA } from '../http/route-schemas.js'
import {
  ASISTENCIA_PARAMS,
  CARE_ERROR_RESPONSES,
  NO_QUERY_SCHEMA,
  SESSION_HEADERS_SCHEMA,
} from './care-schemas.js'

/**
 * The front desk: `POST /api/asistencias/{id}/llamar` (the walk-in's professional calls its
 * ticket to a room) and `GET /api/sala-de-espera?tenant=…` (public, for the waiting room's
 * display: today's calls, ticket + room + time only, never cached).
 */
export function registerSalaDeEsperaRoutes(
  instance: FastifyInstance,
  { session, frontDesk }: { session: SessionCheckDeps; frontDesk: FrontDesk },
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/api/asistencias/:id/llamar',
    {
      schema: {
        summary:
          'Llama a una visita presencial por su número a una consulta o puesto (su profesional); la sala de espera lo muestra',
        headers: SESSION_HEADERS_SCHEMA,
        params: ASISTENCIA_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        body: NuevaLlamadaTurno,
        response: { 201: LlamadaTurno, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = await authenticate(request, reply, session)
      const llamada = await frontDesk.call(caller, request.params.id, request.body.sala)
      return reply.code(201).send(llamada)
    },
  )

  app.get(
    '/api/sala-de-espera',
    {
      schema: {
        summary:
          'Llamadas de turno de hoy en el centro, de la más reciente a la más antigua (público: número, consulta y hora)',
        querystring: Type.Object({ tenant: TENANT_SCHEMA }, { additionalProperties: false }),
        response: { 200: LlamadasSalaDeEspera, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { llamadas: await frontDesk.recent(request.query.tenant) }
    },
  )
}
