import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { Profesional } from '../../src/contract/care.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import { HttpError } from '../http/http-errors.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { PresenciaRepository } from '../repositories/presencia.js'
import type { AccountRepository } from '../repositories/accounts.js'
import { TENANT_SCHEMA } from '../http/route-schemas.js'
import { CARE_ERROR_RESPONSES, SESSION_HEADERS_SCHEMA } from './care-schemas.js'

export interface ProfesionalesDeps {
  session: SessionCheckDeps
  accounts: Pick<AccountRepository, 'listProfessionals'>
  hospitals: Pick<HospitalRepository, 'findByTenant'>
  presencia: Pick<PresenciaRepository, 'available'>
  now: () => number
}

/**
 * `GET /api/profesionales`: the hospital's directory, `{ id, nombre, especialidad, disponible }`
 * and nothing else. Signed in, the session's hospital; signed out (the directory screen is
 * public), the hospital named by `?tenant=`. Available means the queue is open on some instance.
 */
export function registerProfesionalesRoute(instance: FastifyInstance, deps: ProfesionalesDeps) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/api/profesionales',
    {
      schema: {
        summary: 'Directorio de profesionales del centro, con su disponibilidad',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: {
          type: 'object',
          properties: { tenant: TENANT_SCHEMA },
          additionalProperties: false,
        },
        response: { 200: Type.Array(Profesional), ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply): Promise<Profesional[]> => {
      let tenant: string
      if (request.headers['x-authorization'] === undefined) {
        const hospital =
          request.query.tenant === undefined
            ? undefined
            : await deps.hospitals.findByTenant(request.query.tenant)
        if (!hospital) throw new HttpError(404, 'not_found', 'No se ha encontrado el centro.')
        tenant = hospital.tenant
      } else {
        tenant = (await authenticate(request, reply, deps.session)).tenant
      }
      const [professionals, available] = await Promise.all([
        deps.accounts.listProfessionals(tenant),
        deps.presencia.available(tenant, new Date(deps.now()).toISOString()),
      ])
      return professionals.map((professional) => ({
        id: professional.id,
        nombre: professional.nombre,
        especialidad: professional.especialidad,
        disponible: available.has(professional.id),
      }))
    },
  )
}
