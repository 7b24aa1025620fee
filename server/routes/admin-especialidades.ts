import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { AdminGuards } from '../auth/admin-guards.js'
import { readName } from '../http/input-rules.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import { NO_QUERY_SCHEMA } from '../http/route-schemas.js'
import type { EspecialidadRepository, SpecialtyOutcome } from '../repositories/especialidades.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import {
  CambioEspecialidad,
  ESPECIALIDAD_MAX_LENGTH,
  ESPECIALIDADES_POR_CENTRO_MAX,
  Especialidad,
  NuevaEspecialidad,
} from '../../src/contract/specialties.js'
import {
  ACCOUNT_PARAMS_SCHEMA,
  ADMIN_ERROR_RESPONSES,
  TENANT_PARAMS_SCHEMA,
} from './admin-schemas.js'
import { actorOf } from './admin-hospitales.js'

export interface AdminEspecialidadesDeps {
  guards: AdminGuards
  hospitals: Pick<HospitalRepository, 'find'>
  especialidades: EspecialidadRepository
}

const readSpecialtyName = (value: string) =>
  readName(value, ESPECIALIDAD_MAX_LENGTH, 'nombre de la especialidad')

function answerOf(outcome: SpecialtyOutcome): Especialidad {
  if (outcome.ok) return outcome.especialidad
  switch (outcome.reason) {
    case 'taken':
      throw new HttpError(
        409,
        'name_taken',
        'Este centro ya tiene una especialidad con ese nombre.',
      )
    case 'too_many':
      throw new HttpError(
        409,
        'limit_reached',
        `Un centro puede tener hasta ${String(ESPECIALIDADES_POR_CENTRO_MAX)} especialidades.`,
      )
    case 'not_found':
      throw new HttpError(404, 'not_found', MESSAGES.notFound)
  }
}

/**
 * A hospital's specialties, managed by its administrators (and the product's): list, add, rename,
 * retire or offer again. Every change is audited.
 */
export function registerAdminEspecialidadesRoutes(
  instance: FastifyInstance,
  { guards, hospitals, especialidades }: AdminEspecialidadesDeps,
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  // `main` is the portal, not a hospital: it has no specialties.
  async function assertHospital(tenant: string) {
    if (!(await hospitals.find(tenant))) throw new HttpError(404, 'not_found', MESSAGES.notFound)
  }

  app.get(
    '/api/admin/hospitales/:tenant/especialidades',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Especialidades del centro, también las retiradas, por nombre',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: Type.Array(Especialidad), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await assertHospital(request.params.tenant)
      return especialidades.list(request.params.tenant)
    },
  )

  app.post(
    '/api/admin/hospitales/:tenant/especialidades',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Añade una especialidad al centro',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: NuevaEspecialidad,
        response: { 201: Especialidad, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { tenant } = request.params
      await assertHospital(tenant)
      const nombre = readSpecialtyName(request.body.nombre)
      const created = answerOf(await especialidades.add(actorOf(request), tenant, nombre))
      reply.code(201)
      return created
    },
  )

  app.patch(
    '/api/admin/hospitales/:tenant/especialidades/:id',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary:
          'Renombra una especialidad ({ nombre }), la retira ({ activa: false }: sigue en las consultas que la nombran, pero ya no se ofrece) o la ofrece de nuevo',
        params: ACCOUNT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: CambioEspecialidad,
        response: { 200: Especialidad, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { tenant, id } = request.params
      const { nombre, activa } = request.body
      const changes = {
        ...(nombre === undefined ? {} : { nombre: readSpecialtyName(nombre) }),
        ...(activa === undefined ? {} : { activa }),
      }
      return answerOf(await especialidades.change(actorOf(request), tenant, Number(id), changes))
    },
  )
}
