import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AdminGuards } from '../auth/admin-guards.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import { NO_QUERY_SCHEMA } from '../http/route-schemas.js'
import type { HospitalOperationRepository } from '../repositories/hospital-operation.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { Funcionamiento, PuestaEnMarcha } from '../../src/contract/hospital-operation.js'
import { PlantillaTerminos } from '../../src/contract/join.js'
import { termsTemplate } from '../../src/contract/terms-template.js'
import { ADMIN_ERROR_RESPONSES, TENANT_PARAMS_SCHEMA } from './admin-schemas.js'
import { actorOf } from './admin-hospitales.js'

export interface AdminFuncionamientoDeps {
  guards: AdminGuards
  hospitals: Pick<HospitalRepository, 'find'>
  operation: HospitalOperationRepository
}

const notFound = () => new HttpError(404, 'not_found', MESSAGES.notFound)

/**
 * How a hospital runs and how far its opening has come, for its administrators (and the
 * product's): the request expiry limits, the opening checklist, the install page printed, and
 * the terms template a new hospital starts from.
 */
export function registerAdminFuncionamientoRoutes(
  instance: FastifyInstance,
  { guards, hospitals, operation }: AdminFuncionamientoDeps,
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/admin/hospitales/:tenant/funcionamiento',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Minutos que una solicitud puede esperar antes de caducar',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: Funcionamiento, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => (await operation.read(request.params.tenant)) ?? Promise.reject(notFound()),
  )

  app.put(
    '/api/admin/hospitales/:tenant/funcionamiento',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary:
          'Cambia los minutos que una solicitud puede esperar; rige para las solicitudes nuevas',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: Funcionamiento,
        response: { 200: Funcionamiento, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) =>
      (await operation.update(actorOf(request), request.params.tenant, request.body)) ??
      Promise.reject(notFound()),
  )

  app.get(
    '/api/admin/hospitales/:tenant/puesta-en-marcha',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Qué pasos de la puesta en marcha del centro están hechos',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: PuestaEnMarcha, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) =>
      (await operation.openingSteps(request.params.tenant)) ?? Promise.reject(notFound()),
  )

  app.post(
    '/api/admin/hospitales/:tenant/puesta-en-marcha/instalacion-impresa',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Anota que la página de instalación del centro se ha abierto para imprimirla',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        // Nothing to send: an empty schema lets a bodyless POST through, and nothing is read.
        body: { description: 'Sin cuerpo.' },
        response: { 204: { type: 'null' }, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      if (!(await operation.recordInstallSheetPrinted(actorOf(request), request.params.tenant))) {
        throw notFound()
      }
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/admin/hospitales/:tenant/terminos/plantilla',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Plantilla de términos y condiciones en español con el nombre del centro',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: PlantillaTerminos, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const hospital = await hospitals.find(request.params.tenant)
      if (!hospital) throw notFound()
      return { texto: termsTemplate(hospital.nombre) }
    },
  )
}
