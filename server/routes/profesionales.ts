import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Profesional } from '../../src/contract/care.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import { HttpError } from '../http/http-errors.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { AsistenciaRepository } from '../repositories/asistencias.js'
import type { PresenciaRepository } from '../repositories/presencia.js'
import type { AccountRepository } from '../repositories/accounts.js'
import { TENANT_SCHEMA } from '../http/route-schemas.js'
import type { EspecialidadRepository } from '../repositories/especialidades.js'
import { EspecialidadesOfrecidas } from '../../src/contract/specialties.js'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CARE_ERROR_RESPONSES, SESSION_HEADERS_SCHEMA } from './care-schemas.js'

export interface ProfesionalesDeps {
  session: SessionCheckDeps
  accounts: Pick<AccountRepository, 'listProfessionals'>
  especialidades: Pick<EspecialidadRepository, 'offered'>
  hospitals: Pick<HospitalRepository, 'findByTenant'>
  presencia: Pick<PresenciaRepository, 'available'>
  /** Who is attending a consultation now ("En consulta"). */
  asistencias: Pick<AsistenciaRepository, 'professionalsInConsultation'>
  now: () => number
}

const TENANT_QUERY_SCHEMA = {
  type: 'object',
  properties: { tenant: TENANT_SCHEMA },
  additionalProperties: false,
} as const

/**
 * The hospital a directory read is about: signed in, the session's; signed out (the directory
 * screen is public), the enabled hospital named by `?tenant=`.
 */
async function directoryTenant(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ProfesionalesDeps,
  asked: string | undefined,
): Promise<string> {
  if (request.headers['x-authorization'] !== undefined) {
    return (await authenticate(request, reply, deps.session)).tenant
  }
  const hospital = asked === undefined ? undefined : await deps.hospitals.findByTenant(asked)
  if (!hospital) throw new HttpError(404, 'not_found', 'No se ha encontrado el centro.')
  return hospital.tenant
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
        querystring: TENANT_QUERY_SCHEMA,
        response: { 200: Type.Array(Profesional), ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply): Promise<Profesional[]> => {
      const tenant = await directoryTenant(request, reply, deps, request.query.tenant)
      const [professionals, available, busy] = await Promise.all([
        deps.accounts.listProfessionals(tenant),
        deps.presencia.available(tenant, new Date(deps.now()).toISOString()),
        deps.asistencias.professionalsInConsultation(tenant),
      ])
      return professionals.map((professional) => ({
        id: professional.id,
        nombre: professional.nombre,
        especialidad: professional.especialidades[0] ?? null,
        especialidades: professional.especialidades,
        disponible: available.has(professional.id),
        en_consulta: busy.has(professional.id),
      }))
    },
  )

  app.get(
    '/api/especialidades',
    {
      schema: {
        summary:
          'Especialidades que ofrece el centro (las de su lista no retiradas), por nombre: las que una solicitud o una derivación puede pedir',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: TENANT_QUERY_SCHEMA,
        response: { 200: EspecialidadesOfrecidas, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      deps.especialidades.offered(
        await directoryTenant(request, reply, deps, request.query.tenant),
      ),
  )
}
