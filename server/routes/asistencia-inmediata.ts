import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AsistenciaInmediataCreada, SolicitudInmediata } from '../../src/contract/immediate-care.js'
import { joinPerIpRateLimit } from '../auth/join-rate-limits.js'
import type { RateLimitWindow } from '../auth/login-rate-limits.js'
import type { ImmediateCare } from '../care/immediate-care.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../http/route-schemas.js'

/**
 * Requests from one client address within a window. A waiting-room kiosk sends every walk-in
 * from one address, so this allows a busy morning while stopping a flood of fake requests.
 */
export const DEFAULT_IMMEDIATE_CARE_RATE_LIMIT: RateLimitWindow = {
  max: 20,
  timeWindowMs: 10 * 60_000,
}

/**
 * `POST /api/asistencias/inmediata` (public): immediate care without an account, or a kiosk's
 * walk-in. Answers the request and a guest session (or the walk-in's ticket); repeating the
 * same id answers the same request.
 */
export function registerAsistenciaInmediataRoute(
  instance: FastifyInstance,
  { immediate, rateLimit }: { immediate: ImmediateCare; rateLimit: RateLimitWindow },
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/api/asistencias/inmediata',
    {
      config: { rateLimit: joinPerIpRateLimit(rateLimit) },
      schema: {
        summary:
          'Atención inmediata sin cuenta (sesión de invitado limitada a la solicitud) o visita presencial desde un quiosco (número de turno)',
        querystring: NO_QUERY_SCHEMA,
        body: SolicitudInmediata,
        response: {
          200: AsistenciaInmediataCreada,
          201: AsistenciaInmediataCreada,
          '4xx': ERROR_RESPONSE_SCHEMA,
        },
      },
    },
    async (request, reply) => {
      const { created, answer } = await immediate.request(request.body)
      return reply.code(created ? 201 : 200).send(answer)
    },
  )
}
