import type { FastifyInstance } from 'fastify'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../schemas.js'
import { Me } from '../../src/contract/accounts.js'

/**
 * `GET /api/me` with `X-Authorization: Bearer <token>` → `{ nombre, rol, tenant }`, read from
 * the database so a deleted or disabled account (or hospital) loses access at once.
 */
export function registerMeRoute(app: FastifyInstance, deps: SessionCheckDeps) {
  app.get(
    '/api/me',
    {
      schema: {
        querystring: NO_QUERY_SCHEMA,
        headers: {
          type: 'object',
          properties: { 'x-authorization': { type: 'string', maxLength: 4096 } },
        },
        response: {
          200: Me,
          '4xx': ERROR_RESPONSE_SCHEMA,
        },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, deps)
      return { nombre: account.nombre, rol: account.rol, tenant: account.tenant }
    },
  )
}
