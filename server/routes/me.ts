import type { FastifyInstance } from 'fastify'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../schemas.js'

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
        headers: {
          type: 'object',
          properties: { 'x-authorization': { type: 'string', maxLength: 4096 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['id', 'nombre', 'rol', 'tenant'],
            properties: {
              // The account's id, so its administration screens know which row is its own.
              id: { type: 'integer' },
              nombre: { type: 'string' },
              rol: { type: 'string' },
              tenant: { type: 'string' },
            },
          },
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
