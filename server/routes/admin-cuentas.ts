import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AdminGuards } from '../auth/admin-guards.js'
import { normaliseEmail } from '../auth/login-rate-limits.js'
import { hashPassword, type ScryptParams } from '../auth/passwords.js'
import { readName } from '../http/input-rules.js'
import { assertAcceptablePassword, emailUnavailable } from './join-input.js'
import { nameMailedAddress } from '../auth/join-rate-limits.js'
import type { Mailer } from '../mail/mailer.js'
import { invitationMessage } from '../mail/messages.js'
import type { EmailLinkRepository } from '../repositories/email-links.js'
import { INVITATION_LINK_TTL_DAYS } from '../../src/contract/join.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import type { AccessCodeRepository } from '../repositories/access-codes.js'
import type { AccountRepository } from '../repositories/accounts.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import {
  CambioCuenta,
  CUENTAS_PAGINA,
  CuentasQuery,
  NuevaCuenta,
  PERSON_NAME_MAX_LENGTH,
  type Rol,
} from '../../src/contract/accounts.js'
import { ESPECIALIDAD_MAX_LENGTH } from '../../src/contract/specialties.js'
import { hasSpecialties } from '../../src/contract/permissions.js'
import { NO_QUERY_SCHEMA } from '../http/route-schemas.js'
import { DEFAULT_TENANT } from '../../src/contract/tenants.js'
import {
  ACCOUNT_PARAMS_SCHEMA,
  ACCOUNT_SCHEMA,
  CHANGED_ACCOUNT_SCHEMA,
  ADMIN_ERROR_RESPONSES,
  TENANT_PARAMS_SCHEMA,
} from './admin-schemas.js'
import { actorOf } from './admin-hospitales.js'

const unknownSpecialty = () =>
  new HttpError(400, 'invalid_request', 'Elige especialidades que este centro ofrezca.')

/** A professional's specialties as given (trimmed); anyone else has none. */
function readSpecialties(rol: Rol, names: readonly string[]): string[] {
  const read = names.map((name) => readName(name, ESPECIALIDAD_MAX_LENGTH, 'especialidad'))
  if (read.length > 0 && !hasSpecialties(rol)) {
    throw new HttpError(400, 'invalid_request', 'Solo los profesionales tienen especialidades.')
  }
  return read
}

export interface AdminCuentasDeps {
  guards: AdminGuards
  hospitals: HospitalRepository
  accounts: AccountRepository
  accessCodes: AccessCodeRepository
  scryptParams: ScryptParams
  /** Invitations: their links, the mail that carries them, and the per-address limit. */
  links: Pick<EmailLinkRepository, 'issue' | 'replace'>
  mailer: Pick<Mailer, 'isAvailable' | 'send'>
  /** `PUBLIC_URL`; undefined outside demo mode without it, and then nobody is invited (503). */
  publicUrl: string | undefined
  perEmail: preHandlerAsyncHookHandler
}

const INVITATION_TTL_MS = INVITATION_LINK_TTL_DAYS * 24 * 3600_000

/**
 * A hospital's accounts, managed by its admins (and product admins): list, create, disable, and
 * reset access with a one-time code shown once to the admin. No answer ever holds a password or
 * its hash.
 */
export function registerAdminCuentasRoutes(instance: FastifyInstance, deps: AdminCuentasDeps) {
  const { guards, hospitals, accounts, accessCodes, scryptParams, links, mailer } = deps
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  async function assertTenantExists(tenant: string) {
    if (tenant !== DEFAULT_TENANT && !(await hospitals.find(tenant))) {
      throw new HttpError(404, 'not_found', MESSAGES.notFound)
    }
  }

  /** The hospital that signs an invitation and the public address, or why none can be sent. */
  async function invitationSetup(tenant: string) {
    if (tenant === DEFAULT_TENANT) {
      throw new HttpError(
        400,
        'invalid_request',
        'Las cuentas del portal se crean con una contraseña inicial.',
      )
    }
    if (!mailer.isAvailable || deps.publicUrl === undefined) throw emailUnavailable()
    const hospital = await hospitals.find(tenant)
    if (!hospital) throw new HttpError(404, 'not_found', MESSAGES.notFound)
    return { hospital, publicUrl: deps.publicUrl }
  }

  /** Mails `account` a new invitation link; any earlier one stops working. */
  async function sendInvitation(
    setup: Awaited<ReturnType<typeof invitationSetup>>,
    account: { id: number; email: string; nombre: string; rol: string },
  ) {
    const code = await links.replace(account.id, 'invitar', INVITATION_TTL_MS)
    mailer.send(
      invitationMessage(
        {
          to: account.email,
          nombre: account.nombre,
          hospital: setup.hospital,
          publicUrl: setup.publicUrl,
        },
        account.rol,
        code,
      ),
    )
  }

  app.get(
    '/api/admin/hospitales/:tenant/cuentas',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: `Cuentas del centro de ${String(CUENTAS_PAGINA)} en ${String(CUENTAS_PAGINA)}: primero el personal, después los pacientes, cada grupo por correo; \`buscar\` en el nombre o el correo, \`rol\`, y \`despues\` para la página siguiente`,
        params: TENANT_PARAMS_SCHEMA,
        querystring: CuentasQuery,
        response: { 200: { type: 'array', items: ACCOUNT_SCHEMA }, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await assertTenantExists(request.params.tenant)
      const { buscar, rol, despues } = request.query
      return accounts.pageForTenant(
        request.params.tenant,
        { search: buscar, rol, afterId: despues === undefined ? undefined : Number(despues) },
        CUENTAS_PAGINA,
      )
    },
  )

  app.post(
    '/api/admin/hospitales/:tenant/cuentas',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary:
          'Alta de una cuenta del centro. Sin `password`, la persona recibe por correo una invitación (un enlace de un solo uso que caduca en 7 días) para elegir su contraseña; con `password`, una contraseña inicial con las reglas del registro',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: NuevaCuenta,
        response: { 201: ACCOUNT_SCHEMA, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { tenant } = request.params
      await assertTenantExists(tenant)
      const { body } = request
      const account = {
        email: normaliseEmail(body.email),
        nombre: readName(body.nombre, PERSON_NAME_MAX_LENGTH),
        rol: body.rol,
        tenant,
        especialidades: readSpecialties(body.rol, body.especialidades ?? []),
      }
      let hash: string | null = null
      let invitation: Awaited<ReturnType<typeof invitationSetup>> | undefined
      if (body.password === undefined) {
        invitation = await invitationSetup(tenant)
        await deps.perEmail.call(app, request, reply)
      } else {
        assertAcceptablePassword(body.password)
        hash = await hashPassword(body.password, scryptParams)
      }
      const outcome = await accounts.create(actorOf(request), account, hash)
      if (!outcome.ok) {
        if (outcome.reason === 'unknown_specialty') throw unknownSpecialty()
        throw new HttpError(409, 'email_taken', 'Este centro ya tiene una cuenta con ese correo.')
      }
      if (invitation) await sendInvitation(invitation, outcome.account)
      reply.code(201)
      return outcome.account
    },
  )

  app.patch(
    '/api/admin/hospitales/:tenant/cuentas/:id',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary:
          'Desactiva o reactiva una cuenta ({ activo }), le da un código de acceso de un solo uso ({ restablecer_acceso: true }) o fija las especialidades de un profesional ({ especialidades })',
        params: ACCOUNT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: CambioCuenta,
        response: { 200: CHANGED_ACCOUNT_SCHEMA, ...ADMIN_ERROR_RESPONSES },
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
      if ('especialidades' in request.body) {
        const names = readSpecialties(account.rol, request.body.especialidades)
        const outcome = await accounts.setSpecialties(actor, account, names)
        if (!outcome.ok) throw unknownSpecialty()
        return outcome.account
      }
      if (!account.activo) {
        throw new HttpError(400, 'invalid_request', 'La cuenta está desactivada.')
      }
      const issued = await accessCodes.issue(account.id)
      await accounts.recordAccessReset(actor, account)
      return { ...account, codigo_acceso: issued.codigo, caduca_en: issued.caduca_en }
    },
  )

  app.post(
    '/api/admin/hospitales/:tenant/cuentas/:id/invitacion',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary:
          'Reenvía la invitación de una cuenta que aún no ha elegido contraseña: el enlace anterior deja de funcionar',
        params: ACCOUNT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        // Nothing to send: an empty schema lets a bodyless POST through, and nothing is read.
        body: { description: 'Sin cuerpo.' },
        response: { 200: ACCOUNT_SCHEMA, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const account = await accounts.find(request.params.tenant, Number(request.params.id))
      if (!account) throw new HttpError(404, 'not_found', MESSAGES.notFound)
      if (!account.invitacion_pendiente) {
        throw new HttpError(400, 'invalid_request', 'Esta cuenta ya ha elegido su contraseña.')
      }
      if (!account.activo)
        throw new HttpError(400, 'invalid_request', 'La cuenta está desactivada.')
      const setup = await invitationSetup(account.tenant)
      nameMailedAddress(request, account.email)
      await deps.perEmail.call(app, request, reply)
      await sendInvitation(setup, account)
      await accounts.recordInvitationResent(actorOf(request), account)
      return account
    },
  )
}
