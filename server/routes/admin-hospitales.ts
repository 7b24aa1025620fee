import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AdminGuards } from '../auth/admin-guards.js'
import { isProductAdmin } from '../../src/contract/permissions.js'
import { assertNewTenantId, readColor, readName, readShortName } from '../http/input-rules.js'
import { computeEtag } from '../http/etag.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import { HOSPITAL_NAME_MAX_LENGTH } from '../../src/contract/branding-answer.js'
import type { AdminHospital } from '../../src/contract/hospitals.js'
import type { HospitalRepository, HospitalChanges } from '../repositories/hospitals.js'
import type { Actor } from '../repositories/audit-log.js'
import { NO_QUERY_SCHEMA } from '../http/route-schemas.js'
import {
  ADMIN_ERROR_RESPONSES,
  CREATE_HOSPITAL_BODY_SCHEMA,
  HOSPITAL_SCHEMA,
  IF_MATCH_HEADERS_SCHEMA,
  PATCH_HOSPITAL_BODY_SCHEMA,
  TENANT_PARAMS_SCHEMA,
} from './admin-schemas.js'

/** The version of a hospital record that `If-Match` must name. */
export function hospitalEtag(record: AdminHospital): string {
  return computeEtag(JSON.stringify(record))
}

function opaqueTag(tag: string): string {
  return tag.trim().replace(/^W\//, '')
}

/** True when an `If-Match` value names `etag` (weak comparison: our tags are weak). */
export function matchesIfMatch(header: string, etag: string): boolean {
  return header.split(',').some((tag) => tag.trim() === '*' || opaqueTag(tag) === opaqueTag(etag))
}

const STALE_MESSAGE =
  'Otra persona ha guardado cambios en este centro mientras editabas. Recarga para ver la versión actual.'

/** The actor the guard set; a route reached without one is a wiring error, never a user's fault. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('Admin route without a guard')
  return request.actor
}

export function notFoundHospital(): HttpError {
  return new HttpError(404, 'not_found', MESSAGES.notFound)
}

function sendHospital(reply: FastifyReply, record: AdminHospital) {
  reply.header('etag', hospitalEtag(record))
  return record
}

export interface AdminHospitalesDeps {
  guards: AdminGuards
  hospitals: HospitalRepository
}

/**
 * Hospitals: product admins list and create them (`/api/admin/hospitales`); a hospital's admins
 * (and product admins) read and edit it with `If-Match`; only product admins disable one.
 */
export function registerAdminHospitalesRoutes(
  instance: FastifyInstance,
  { guards, hospitals }: AdminHospitalesDeps,
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  // Two hospitals of one name would be told apart by nobody (patients, installed apps): names are
  // compared as people read them, whatever the case, accents' encoding or spacing.
  async function assertNameFree(nombre: string, ownTenant: string | null) {
    const wanted = comparableName(nombre)
    const taken = (await hospitals.list()).some(
      (hospital) => hospital.tenant !== ownTenant && comparableName(hospital.nombre) === wanted,
    )
    if (taken) {
      throw new HttpError(409, 'name_taken', `Ya hay un centro llamado «${nombre}».`)
    }
  }

  app.get(
    '/api/admin/hospitales',
    {
      preHandler: guards.productAdmin,
      schema: {
        summary: 'Lista de centros (administración del producto)',
        querystring: NO_QUERY_SCHEMA,
        response: { 200: { type: 'array', items: HOSPITAL_SCHEMA }, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async () => hospitals.list(),
  )

  app.post(
    '/api/admin/hospitales',
    {
      preHandler: guards.productAdmin,
      schema: {
        summary: 'Alta de un centro',
        querystring: NO_QUERY_SCHEMA,
        body: CREATE_HOSPITAL_BODY_SCHEMA,
        response: { 201: HOSPITAL_SCHEMA, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { body } = request
      assertNewTenantId(body.tenant)
      const record = {
        ...body,
        nombre: readName(body.nombre, HOSPITAL_NAME_MAX_LENGTH),
        color_primario: readColor(body.color_primario, 'color_primario'),
        color_secundario: readColor(body.color_secundario, 'color_secundario'),
        imagen: '',
      }
      await assertNameFree(record.nombre, null)
      const created = await hospitals.create(actorOf(request), record)
      if (!created) {
        throw new HttpError(409, 'tenant_taken', `La dirección «${record.tenant}» ya está en uso.`)
      }
      reply.code(201)
      return sendHospital(reply, created)
    },
  )

  app.get(
    '/api/admin/hospitales/:tenant',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Un centro, con su versión en la cabecera ETag',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: HOSPITAL_SCHEMA, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const record = await hospitals.find(request.params.tenant)
      if (!record) throw notFoundHospital()
      return sendHospital(reply, record)
    },
  )

  app.patch(
    '/api/admin/hospitales/:tenant',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Cambia nombre, colores o estado de un centro (requiere If-Match)',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        headers: IF_MATCH_HEADERS_SCHEMA,
        body: PATCH_HOSPITAL_BODY_SCHEMA,
        response: { 200: HOSPITAL_SCHEMA, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { body } = request
      const actor = actorOf(request)
      if (body.activo !== undefined && !isProductAdmin(actor)) {
        throw new HttpError(
          403,
          'forbidden',
          'Solo la administración del producto activa o desactiva centros.',
        )
      }
      const ifMatch = request.headers['if-match']
      if (ifMatch === undefined) {
        throw new HttpError(
          428,
          'precondition_required',
          'Falta la cabecera If-Match con la versión del centro que se está editando.',
        )
      }
      // The schema checked every field; these few also need the server's own rules.
      const changes: HospitalChanges = { ...body }
      if (body.nombre !== undefined)
        changes.nombre = readName(body.nombre, HOSPITAL_NAME_MAX_LENGTH)
      if (body.color_primario !== undefined) {
        changes.color_primario = readColor(body.color_primario, 'color_primario')
      }
      if (body.color_secundario !== undefined) {
        changes.color_secundario = readColor(body.color_secundario, 'color_secundario')
      }
      if (body.nombre_corto !== undefined) changes.nombre_corto = readShortName(body.nombre_corto)

      const current = await hospitals.find(request.params.tenant)
      if (!current) throw notFoundHospital()
      if (changes.nombre !== undefined) await assertNameFree(changes.nombre, current.tenant)
      if (!matchesIfMatch(ifMatch, hospitalEtag(current))) {
        throw new HttpError(412, 'stale', STALE_MESSAGE)
      }
      const accion =
        body.activo === false
          ? 'hospital.desactivado'
          : body.activo
            ? 'hospital.activado'
            : 'hospital.editado'
      const outcome = await hospitals.update(actor, current, changes, accion)
      if (!outcome.ok) {
        throw outcome.reason === 'stale'
          ? new HttpError(412, 'stale', STALE_MESSAGE)
          : notFoundHospital()
      }
      return sendHospital(reply, outcome.record)
    },
  )
}

function comparableName(nombre: string): string {
  return nombre.normalize('NFC').toLocaleLowerCase('es').replace(/\s+/g, ' ').trim()
}
