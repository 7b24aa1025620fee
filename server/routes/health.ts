import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { databaseUnavailable } from '../http/database-unavailable.js'
import { ERROR_RESPONSE_SCHEMA } from '../http/route-schemas.js'

export interface HealthDeps {
  /** Resolves when the database answers; rejects when it cannot be reached in time. */
  checkDatabase: () => Promise<void>
}

const OK_SCHEMA = {
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean' } },
} as const

/**
 * `GET /api/health` → `200 { ok: true }` when the API can serve (its database answers), `503`
 * with `Retry-After` when it cannot: a load balancer takes the instance out of rotation, and the
 * app still sees the API reachable (any answer is). `GET /api/health/vivo` → `200 { ok: true }`
 * while the process runs, whatever the database: a liveness check that must not restart an
 * instance because the shared database is down.
 */
export function registerHealthRoute(instance: FastifyInstance, { checkDatabase }: HealthDeps) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  // Open querystring: a probe may add a cache-busting parameter.
  const schema = {
    querystring: { type: 'object' },
    response: { 200: OK_SCHEMA, 503: ERROR_RESPONSE_SCHEMA },
  }

  app.get('/api/health', { schema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      await checkDatabase()
    } catch {
      throw databaseUnavailable()
    }
    return { ok: true }
  })

  app.get('/api/health/vivo', { schema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { ok: true }
  })
}
