import type { FastifyInstance } from 'fastify'
import { sendWithEtag } from '../http/etag.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { TENANT_SCHEMA } from '../http/route-schemas.js'
import { Value } from 'typebox/value'
import { HospitalesAnswer, HospitalPublico } from '../../src/contract/hospitals.js'

interface HospitalesQuery {
  tenant: string
}

/**
 * `GET /api/hospitales?tenant={id}` (`verHospitales`): an array with the tenant's record, empty
 * when the tenant is unknown (or `main`). Public data, revalidated on every use.
 */
export function registerHospitalesRoute(
  app: FastifyInstance,
  { hospitals }: { hospitals: HospitalRepository },
) {
  app.get<{ Querystring: HospitalesQuery }>(
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
