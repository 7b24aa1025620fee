import type { FastifyInstance } from 'fastify'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../schemas.js'
import { Me } from '../../src/contract/accounts.js'

/**
 * `GET /api/me` with `X-Authorization: Bearer <token>` → `{ id, nombre, rol, tenant }`, read from
 * the database so a deleted or disabled account (or hospital) loses access at once.
 */
export function registerMeRoute(app: FastifyInstance, deps: SessionCheckDeps) {
  app.get(
    '/api/me',
    {
      schema: {
        querystring: NO_QUERY_SCHEMA,
        // No length limit on the token header: an overlong token is a bad token, a 401 that
        // sends the app to sign in again, like any other (the token check bounds its length).
        headers: { type: 'object', properties: { 'x-authorization': { type: 'string' } } },
        response: {
          200: Me,
          '4xx': ERROR_RESPONSE_SCHEMA,
        },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, deps)
      return { id: account.id, nombre: account.nombre, rol: account.rol, tenant: account.tenant }
    },
  )
}
