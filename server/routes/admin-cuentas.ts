import type { FastifyInstance } from 'fastify'
import type { AdminGuards } from '../auth/admin-guards.js'
import { normaliseEmail } from '../auth/login-rate-limits.js'
import { hashPassword, type ScryptParams } from '../auth/passwords.js'
import { readName } from '../admin-validation.js'
import { HttpError, MESSAGES } from '../http-errors.js'
import type { AccessCodeRepository } from '../repositories/access-codes.js'
import type { AccountRepository } from '../repositories/accounts.js'
import type { AdminHospitalRepository } from '../repositories/admin-hospitals.js'
import { ROLES, type Rol } from '../../src/contract/accounts.js'
import { NO_QUERY_SCHEMA, TENANT_SCHEMA } from '../schemas.js'
import { DEFAULT_TENANT } from '../../src/contract/tenants.js'
import { ACCOUNT_SCHEMA, ADMIN_ERROR_RESPONSES, TENANT_PARAMS_SCHEMA } from './admin-schemas.js'
import { actorOf } from './admin-hospitales.js'
import { ACCOUNT_PASSWORD_MIN_LENGTH } from '../../src/contract/accounts.js'

/** Shortest password an administrator may give a new account (the contract's rule). */
export const PASSWORD_MIN_LENGTH = ACCOUNT_PASSWORD_MIN_LENGTH

// Surrounding spaces are allowed: the address is trimmed before it is stored.
const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$'

interface CreateAccountBody {
  email: string
  nombre: string
  rol: Rol
  password: string
}

type PatchAccountBody = { activo: boolean } | { restablecer_acceso: true }

export interface AdminCuentasDeps {
  guards: AdminGuards
  hospitals: AdminHospitalRepository
  accounts: AccountRepository
  accessCodes: AccessCodeRepository
  scryptParams: ScryptParams
}

const ACCOUNT_PARAMS_SCHEMA = {
  type: 'object',
  required: ['tenant', 'id'],
  additionalProperties: false,
  properties: { tenant: TENANT_SCHEMA, id: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } },
} as const

/**
 * A hospital's accounts, managed by its admins (and product admins): list, create, disable, and
 * reset access with a one-time code shown once to the admin. No answer ever holds a password or
 * its hash.
 */
export function registerAdminCuentasRoutes(
  app: FastifyInstance,
  { guards, hospitals, accounts, accessCodes, scryptParams }: AdminCuentasDeps,
) {
  async function assertTenantExists(tenant: string) {
    if (tenant !== DEFAULT_TENANT && !(await hospitals.find(tenant))) {
      throw new HttpError(404, 'not_found', MESSAGES.notFound)
    }
  }

  app.get<{ Params: { tenant: string } }>(
    '/api/admin/hospitales/:tenant/cuentas',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Cuentas del centro',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: { type: 'array', items: ACCOUNT_SCHEMA }, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await assertTenantExists(request.params.tenant)
      return accounts.listForTenant(request.params.tenant)
    },
  )

  app.post<{ Params: { tenant: string }; Body: CreateAccountBody }>(
    '/api/admin/hospitales/:tenant/cuentas',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Alta de una cuenta del centro',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: {
          type: 'object',
          required: ['email', 'nombre', 'rol', 'password'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', maxLength: 254, pattern: EMAIL_PATTERN },
            nombre: { type: 'string', maxLength: 200 },
            rol: { type: 'string', enum: [...ROLES] },
            password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: 256 },
          },
        },
        response: { 201: ACCOUNT_SCHEMA, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { tenant } = request.params
      await assertTenantExists(tenant)
      const { body } = request
      const account = {
        email: normaliseEmail(body.email),
        nombre: readName(body.nombre),
        rol: body.rol,
        tenant,
      }
      const hash = await hashPassword(body.password, scryptParams)
      const outcome = await accounts.create(actorOf(request), account, hash)
      if (!outcome.ok) {
        throw new HttpError(409, 'email_taken', 'Ya existe una cuenta con ese correo.')
      }
      reply.code(201)
      return outcome.account
    },
  )

  app.patch<{ Params: { tenant: string; id: string }; Body: PatchAccountBody }>(
    '/api/admin/hospitales/:tenant/cuentas/:id',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary:
          'Desactiva o reactiva una cuenta ({ activo }) o le da un código de acceso de un solo uso ({ restablecer_acceso: true })',
        params: ACCOUNT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          maxProperties: 1,
          properties: {
            activo: { type: 'boolean' },
            restablecer_acceso: { type: 'boolean', enum: [true] },
          },
        },
        response: {
          200: {
            ...ACCOUNT_SCHEMA,
            properties: {
              ...ACCOUNT_SCHEMA.properties,
              codigo_acceso: { type: 'string' },
              caduca_en: { type: 'string' },
            },
          },
          ...ADMIN_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const account = await accounts.find(request.params.tenant, Number(request.params.id))
      if (!account) throw new HttpError(404, 'not_found', MESSAGES.notFound)
      if ('activo' in request.body) {
        const { activo } = request.body
        if (account.id === actor.id && !activo) {
          throw new HttpError(400, 'invalid_request', 'No puedes desactivar tu propia cuenta.')
        }
        return accounts.setActive(actor, account, activo)
      }
      if (!account.activo) {
        throw new HttpError(400, 'invalid_request', 'La cuenta está desactivada.')
      }
      const issued = await accessCodes.issue(account.id)
      await accounts.recordAccessReset(actor, account)
      return { ...account, codigo_acceso: issued.codigo, caduca_en: issued.caduca_en }
    },
  )
}
