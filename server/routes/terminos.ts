import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AdminGuards } from '../auth/admin-guards.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import { readCareText } from '../http/input-rules.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { TermsRepository } from '../repositories/terms.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA, TENANT_SCHEMA } from '../http/route-schemas.js'
import {
  AceptarTerminosBody,
  PublicarTerminosBody,
  Terminos,
  TerminosVigentes,
  TERMS_MAX_LENGTH,
} from '../../src/contract/join.js'
import { TERMS_FIELD } from '../../src/contract/join-rules.js'
import { ADMIN_ERROR_RESPONSES, TENANT_PARAMS_SCHEMA } from './admin-schemas.js'

export interface TerminosRouteDeps extends SessionCheckDeps {
  guards: AdminGuards
  hospitals: Pick<HospitalRepository, 'find'>
  terms: TermsRepository
}

function noTerms(): HttpError {
  return new HttpError(404, 'no_terms', 'Este centro no ha publicado términos y condiciones.')
}

/**
 * Each hospital's terms: anyone reads the current version, a signed-in person accepts it, the
 * hospital's administrators publish a new version (which every patient must accept again).
 */
export function registerTerminosRoutes(instance: FastifyInstance, deps: TerminosRouteDeps) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { guards, hospitals, terms } = deps

  app.get(
    '/api/terminos',
    {
      schema: {
        summary: 'Términos y condiciones vigentes de un centro',
        querystring: {
          type: 'object',
          required: ['tenant'],
          additionalProperties: false,
          properties: { tenant: TENANT_SCHEMA },
        },
        response: { 200: TerminosVigentes, '4xx': ERROR_RESPONSE_SCHEMA },
      },
    },
    // No terms yet is an answer, not a fault: the screen says so (and the console stays clean).
    async (request): Promise<TerminosVigentes> => ({
      vigentes: (await terms.current(request.query.tenant)) ?? null,
    }),
  )

  app.post(
    '/api/terminos/aceptar',
    {
      schema: {
        summary: 'Aceptar la versión vigente de los términos del propio centro',
        querystring: NO_QUERY_SCHEMA,
        body: AceptarTerminosBody,
        response: { 204: { type: 'null' }, '4xx': ERROR_RESPONSE_SCHEMA },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, deps)
      const current = await terms.current(account.tenant)
      if (!current) throw noTerms()
      if (current.version !== request.body.version) {
        throw new HttpError(409, 'terms_changed', MESSAGES.termsChanged)
      }
      await terms.accept(account.id, account.tenant, current.version)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/admin/hospitales/:tenant/terminos',
    {
      // Room for the longest terms in any script (up to 4 bytes a character, JSON-escaped).
      bodyLimit: TERMS_MAX_LENGTH * 6 + 1024,
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Publicar una nueva versión de los términos del centro',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: PublicarTerminosBody,
        response: { 201: Terminos, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { tenant } = request.params
      if (!(await hospitals.find(tenant))) {
        throw new HttpError(404, 'not_found', 'No se ha encontrado el centro.')
      }
      // The one rule of free texts, stored in its composed form (NFC).
      const texto = readCareText(request.body.texto, TERMS_FIELD).normalize('NFC')
      const actor = request.actor
      if (!actor) throw new HttpError(401, 'missing_token', 'Inicia sesión.')
      return reply.code(201).send(await terms.publish(actor, tenant, texto))
    },
  )
}
