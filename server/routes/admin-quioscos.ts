import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { AdminGuards } from '../auth/admin-guards.js'
import { readCareText } from '../http/input-rules.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import { NO_QUERY_SCHEMA } from '../http/route-schemas.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { KioskOutcome, QuioscoRepository } from '../repositories/quioscos.js'
import {
  NuevoQuiosco,
  QUIOSCO_NOMBRE_FIELD,
  QUIOSCOS_POR_CENTRO_MAX,
  Quiosco,
  QuioscoEmitido,
} from '../../src/contract/kiosks.js'
import {
  ACCOUNT_PARAMS_SCHEMA,
  ADMIN_ERROR_RESPONSES,
  TENANT_PARAMS_SCHEMA,
} from './admin-schemas.js'
import { actorOf } from './admin-hospitales.js'

export interface AdminQuioscosDeps {
  guards: AdminGuards
  hospitals: Pick<HospitalRepository, 'find'>
  quioscos: QuioscoRepository
}

function succeeded(outcome: KioskOutcome): Extract<KioskOutcome, { ok: true }> {
  if (outcome.ok) return outcome
  if (outcome.reason === 'too_many') {
    throw new HttpError(
      409,
      'limit_reached',
      `Un centro puede dar de alta hasta ${String(QUIOSCOS_POR_CENTRO_MAX)} quioscos.`,
    )
  }
  throw new HttpError(404, 'not_found', MESSAGES.notFound)
}

/**
 * A hospital's kiosks, managed by its administrators (and the product's): list, enrol the device
 * the administrator is on (its token is answered once), revoke. Every change is audited.
 */
export function registerAdminQuioscosRoutes(
  instance: FastifyInstance,
  { guards, hospitals, quioscos }: AdminQuioscosDeps,
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  // `main` is the portal, not a hospital: it has no waiting room.
  async function assertHospital(tenant: string) {
    if (!(await hospitals.find(tenant))) throw new HttpError(404, 'not_found', MESSAGES.notFound)
  }

  app.get(
    '/api/admin/hospitales/:tenant/quioscos',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Quioscos del centro, también los revocados, del más reciente al más antiguo',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: Type.Array(Quiosco), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await assertHospital(request.params.tenant)
      return quioscos.list(request.params.tenant)
    },
  )

  app.post(
    '/api/admin/hospitales/:tenant/quioscos',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary:
          'Da de alta como quiosco el dispositivo desde el que se llama: responde una única vez su credencial, que ese dispositivo guarda y envía con cada visita presencial',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: NuevoQuiosco,
        response: { 201: QuioscoEmitido, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { tenant } = request.params
      await assertHospital(tenant)
      const nombre = readCareText(request.body.nombre, QUIOSCO_NOMBRE_FIELD)
      const { quiosco, token } = succeeded(await quioscos.enrol(actorOf(request), tenant, nombre))
      if (token === undefined) throw new Error('An enrolment answered no token')
      reply.code(201)
      return { quiosco, token }
    },
  )

  app.post(
    '/api/admin/hospitales/:tenant/quioscos/:id/revocar',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Revoca un quiosco: desde ese momento el centro rechaza sus visitas presenciales',
        params: ACCOUNT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: { description: 'Sin cuerpo.' },
        response: { 200: Quiosco, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { tenant, id } = request.params
      return succeeded(await quioscos.revoke(actorOf(request), tenant, Number(id))).quiosco
    },
  )
}
