import type { FastifyInstance } from 'fastify'
import { sendWithEtag } from '../etag.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { TENANT_SCHEMA } from '../schemas.js'
import { HospitalesAnswer, type HospitalPublico } from '../../src/contract/hospitals.js'

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
      // Listed field by field so a new column never leaks into the public answer.
      const list: HospitalPublico[] = hospital
        ? [
            {
              tenant: hospital.tenant,
              nombre: hospital.nombre,
              color_primario: hospital.color_primario,
              color_secundario: hospital.color_secundario,
              imagen: hospital.imagen,
            },
          ]
        : []
      reply.header('cache-control', 'no-cache')
      return sendWithEtag(request, reply, JSON.stringify(list), 'application/json; charset=utf-8')
    },
  )
}
