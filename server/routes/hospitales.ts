import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { sendWithEtag } from '../http/etag.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { TENANT_SCHEMA } from '../http/route-schemas.js'
import { Value } from 'typebox/value'
import { HospitalesAnswer, HospitalPublico } from '../../src/contract/hospitals.js'

/**
 * `GET /api/hospitales?tenant={id}` (`verHospitales`): an array with the tenant's record, empty
 * when the tenant is unknown (or `main`). Public data, revalidated on every use.
 */
export function registerHospitalesRoute(
  instance: FastifyInstance,
  { hospitals }: { hospitals: HospitalRepository },
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/api/hospitales',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['tenant'],
          properties: { tenant: TENANT_SCHEMA },
          additionalProperties: false,
        },
        // Sent already serialised (for its ETag): the schema describes it in OpenAPI.
        response: { 200: HospitalesAnswer },
      },
    },
    async (request, reply) => {
      const hospital = await hospitals.findByTenant(request.query.tenant)
      // Only the contract's public fields, whatever the record holds.
      const list: HospitalPublico[] = hospital
        ? [Value.Clean(HospitalPublico, { ...hospital }) as HospitalPublico]
        : []
      reply.header('cache-control', 'no-cache')
      return sendWithEtag(request, reply, JSON.stringify(list), 'application/json; charset=utf-8')
    },
  )
}
