import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import { hasPendingTerms, type TermsRepository } from '../repositories/terms.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../http/route-schemas.js'
import { Me } from '../../src/contract/accounts.js'

export interface MeRouteDeps extends SessionCheckDeps {
  terms: Pick<TermsRepository, 'current' | 'acceptedVersion'>
}

/**
 * `GET /api/me` with `X-Authorization: Bearer <token>` → `{ id, nombre, rol, tenant,
 * terminos_pendientes }`, read from the database so a deleted or disabled account (or hospital)
 * loses access at once. `terminos_pendientes`: a patient who has not accepted their hospital's
 * current terms (they must before their next request).
 */
export function registerMeRoute(instance: FastifyInstance, deps: MeRouteDeps) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
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
      return {
        id: account.id,
        nombre: account.nombre,
        rol: account.rol,
        tenant: account.tenant,
        terminos_pendientes: await hasPendingTerms(deps.terms, account),
        ...(account.isGuest ? { invitado: true } : {}),
      }
    },
  )
}
