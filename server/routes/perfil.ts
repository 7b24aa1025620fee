import type { FastifyInstance, FastifyReply } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { AccountSignInThrottle } from '../auth/account-sign-in-throttle.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import type { EmailAddressLimit } from '../auth/join-rate-limits.js'
import { joinPerIpRateLimit } from '../auth/join-rate-limits.js'
import type { PasswordCheckQueue } from '../auth/password-check-queue.js'
import { ServerBusyError } from '../http/work-queue.js'
import { hashPassword, verifyPassword, type ScryptParams } from '../auth/passwords.js'
import type { TokenService } from '../auth/tokens.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import { readName } from '../http/input-rules.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../http/route-schemas.js'
import type { Mailer } from '../mail/mailer.js'
import {
  emailChangedMessage,
  emailChangeMessage,
  emailChangeTakenMessage,
} from '../mail/messages.js'
import type { DataExport } from '../care/data-export.js'
import type { AccountRepository, AccountStanding } from '../repositories/accounts.js'
import type { AuditLog } from '../repositories/audit-log.js'
import type { EmailLinkRepository } from '../repositories/email-links.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { SESSION_HEADERS_SCHEMA } from './care-schemas.js'
import { assertAcceptablePassword, emailUnavailable, linkFailure, readEmail } from './join-input.js'
import { PERSON_NAME_MAX_LENGTH, SesionIniciada } from '../../src/contract/accounts.js'
import { may } from '../../src/contract/permissions.js'
import {
  CambioContrasena,
  CambioCorreo,
  CambioNombre,
  CierreCuenta,
  ConfirmacionCorreo,
  CorreoCambiado,
  DATA_READS_LIMIT,
  EMAIL_CHANGE_LINK_TTL_HOURS,
  EXPORT_FILE_NAME,
  EXPORT_WINDOW_MS,
  EXPORTS_PER_WINDOW,
  LecturasDeMisDatos,
  Perfil,
} from '../../src/contract/profile.js'

const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_LINK_TTL_HOURS * 3600_000

/** Seconds a client refused for a full password-check queue should wait. */
const SERVER_BUSY_RETRY_AFTER_SECONDS = 1

export interface PerfilRouteDeps {
  session: SessionCheckDeps
  accounts: Pick<
    AccountRepository,
    | 'findStanding'
    | 'passwordHashOf'
    | 'rename'
    | 'setPassword'
    | 'changeEmail'
    | 'findByEmail'
    | 'close'
  >
  hospitals: Pick<HospitalRepository, 'findByTenant'>
  links: EmailLinkRepository
  audit: Pick<AuditLog, 'staffReadsOfPatient'>
  dataExport: DataExport
  tokens: TokenService
  mailer: Mailer
  /** `PUBLIC_URL`: the links in messages start with it; without it no email change is sent. */
  publicUrl: string | undefined
  scryptParams: ScryptParams
  /** The per-address count of every email the server sends. */
  addressLimit: EmailAddressLimit
  /** Failed passwords count with the account's failed sign-ins. */
  accountThrottle: AccountSignInThrottle
  passwordChecks: PasswordCheckQueue
  now: () => number
}

const SIGNED_IN = { 200: SesionIniciada, '4xx': ERROR_RESPONSE_SCHEMA, 503: ERROR_RESPONSE_SCHEMA }
const ERRORS = { '4xx': ERROR_RESPONSE_SCHEMA, 503: ERROR_RESPONSE_SCHEMA }
const NO_CONTENT = { 204: { type: 'null' }, ...ERRORS }

/**
 * "Mi perfil" (docs/profile.md), for every signed-in account but guests: the name, the password
 * (the current one asked; other sessions end), the email (confirmed from a link sent to the new
 * address; the old one is told); and for patients their data: download it, see which staff read
 * it, close the account. Everything answers `no-store` (the API's default).
 */
export function registerPerfilRoutes(instance: FastifyInstance, deps: PerfilRouteDeps) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { accounts, hospitals, links, mailer, accountThrottle } = deps

  /** The signed-in account, if it has a profile (guests of immediate care have none). */
  async function owner(
    request: Parameters<typeof authenticate>[0],
    reply: FastifyReply,
  ): Promise<AccountStanding> {
    const account = await authenticate(request, reply, deps.session)
    if (account.isGuest) throw new HttpError(403, 'forbidden', MESSAGES.forbidden)
    return account
  }

  /** A patient exercising their rights over their data. */
  async function patient(
    request: Parameters<typeof authenticate>[0],
    reply: FastifyReply,
  ): Promise<AccountStanding> {
    const account = await owner(request, reply)
    if (!may(account, 'mis_datos')) throw new HttpError(403, 'forbidden', MESSAGES.forbidden)
    return account
  }

  /**
   * The account's own password, typed again: counted with its failed sign-ins, checked through
   * the bounded queue, a `403 wrong_password` (never a 401, which would end the session).
   */
  async function confirmPassword(account: AccountStanding, password: string, reply: FastifyReply) {
    await accountThrottle.admitFor(account.email, reply)
    const hash = await accounts.passwordHashOf(account.id)
    let matches: boolean
    try {
      matches =
        hash !== undefined && (await deps.passwordChecks.run(() => verifyPassword(password, hash)))
    } catch (error) {
      if (!(error instanceof ServerBusyError)) throw error
      reply.header('retry-after', SERVER_BUSY_RETRY_AFTER_SECONDS)
      throw new HttpError(503, 'server_busy', MESSAGES.serverBusy)
    }
    if (!matches) throw new HttpError(403, 'wrong_password', MESSAGES.wrongPassword)
    await accountThrottle.forgive(account.email)
  }

  function profileOf(account: AccountStanding) {
    return {
      nombre: account.nombre,
      email: account.email,
      rol: account.rol,
      tenant: account.tenant,
      mis_datos: may(account, 'mis_datos'),
    }
  }

  app.get(
    '/api/perfil',
    {
      schema: {
        summary: 'El perfil de la cuenta con la sesión iniciada (no para invitados)',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: Perfil, ...ERRORS },
      },
    },
    async (request, reply) => profileOf(await owner(request, reply)),
  )

  app.put(
    '/api/perfil/nombre',
    {
      schema: {
        summary: 'Cambiar el nombre de la cuenta',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: CambioNombre,
        response: { 200: Perfil, ...ERRORS },
      },
    },
    async (request, reply) => {
      const account = await owner(request, reply)
      const nombre = readName(request.body.nombre, PERSON_NAME_MAX_LENGTH)
      await accounts.rename(account.id, nombre)
      return profileOf({ ...account, nombre })
    },
  )

  app.post(
    '/api/perfil/contrasena',
    {
      schema: {
        summary:
          'Cambiar la contraseña con la actual (la regla del registro): las demás sesiones terminan y esta sigue con el token nuevo de la respuesta',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: CambioContrasena,
        response: SIGNED_IN,
      },
    },
    async (request, reply) => {
      const account = await owner(request, reply)
      assertAcceptablePassword(request.body.nueva)
      await confirmPassword(account, request.body.actual, reply)
      await accounts.setPassword(account, await hashPassword(request.body.nueva, deps.scryptParams))
      // Every session ended with the old password, this one too: it goes on with a new token.
      const after = await accounts.findStanding(account.id)
      if (!after?.isActive) throw new HttpError(401, 'invalid_token', MESSAGES.invalidToken)
      const token = await deps.tokens.issue({
        sub: String(after.id),
        tenant: after.tenant,
        rol: after.rol,
        gen: after.sessionGeneration,
      })
      return { token, user: { nombre: after.nombre, rol: after.rol, tenant: after.tenant } }
    },
  )

  app.post(
    '/api/perfil/correo',
    {
      config: { rateLimit: joinPerIpRateLimit({ max: 10, timeWindowMs: 15 * 60_000 }) },
      // Counted against the new address, like every message the server sends to one.
      preHandler: deps.addressLimit.preHandler,
      schema: {
        summary: `Cambiar el correo: se envía a la dirección nueva un enlace de un solo uso que caduca en ${String(EMAIL_CHANGE_LINK_TTL_HOURS)} horas; hasta confirmarlo la cuenta sigue con la anterior`,
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: CambioCorreo,
        response: { 202: { type: 'null' }, ...ERRORS },
      },
    },
    async (request, reply) => {
      const account = await owner(request, reply)
      if (!mailer.isAvailable || deps.publicUrl === undefined) throw emailUnavailable()
      const email = readEmail(request.body.email)
      if (email === account.email) {
        throw new HttpError(400, 'invalid_request', 'Esa ya es la dirección de tu cuenta.')
      }
      await confirmPassword(account, request.body.password, reply)
      const hospital = await hospitals.findByTenant(account.tenant)
      const context = {
        to: email,
        nombre: account.nombre,
        hospital: hospital ?? { tenant: account.tenant, nombre: 'Clínica' },
        publicUrl: deps.publicUrl,
      }
      const holders = await accounts.findByEmail(account.tenant, email)
      if (holders.some((holder) => holder.tenant === account.tenant)) {
        // The same answer either way: whoever asks learns nothing of other accounts.
        mailer.send(emailChangeTakenMessage(context))
      } else {
        const code = await links.replace(account.id, 'correo', EMAIL_CHANGE_TTL_MS, email)
        mailer.send(emailChangeMessage(context, code))
      }
      return reply.code(202).send(null)
    },
  )

  app.post(
    '/api/perfil/correo/confirmar',
    {
      config: { rateLimit: joinPerIpRateLimit({ max: 10, timeWindowMs: 15 * 60_000 }) },
      schema: {
        summary:
          'Confirmar el correo nuevo con el código del enlace (sin sesión: el enlace lo prueba); la dirección anterior recibe un aviso',
        querystring: NO_QUERY_SCHEMA,
        body: ConfirmacionCorreo,
        response: { 200: CorreoCambiado, ...ERRORS },
      },
    },
    async (request) => {
      const { codigo, tenant } = request.body
      // Filled by the transaction that spends the link (which reads nothing outside it).
      const change: {
        previous?: { email: string; nombre: string; tenant: string }
        nuevo?: string
      } = {}
      const outcome = await links.redeem(codigo, 'correo', tenant, async (trx, userId, dato) => {
        const changed = dato === null ? undefined : await accounts.changeEmail(trx, userId, dato)
        if (!changed || (!changed.ok && changed.reason === 'gone')) {
          throw new HttpError(400, 'code_unknown', 'Este enlace no es válido.')
        }
        // Taken meanwhile by another account: the link stays unspent (the transaction rolls back).
        if (!changed.ok) {
          throw new HttpError(
            409,
            'email_taken',
            'Esa dirección ya pertenece a otra cuenta del centro.',
          )
        }
        change.previous = changed.previous
        change.nuevo = dato ?? ''
      })
      if (!outcome.ok) throw linkFailure(outcome.reason)
      const { previous, nuevo = '' } = change
      if (previous) {
        const hospital = await hospitals.findByTenant(previous.tenant)
        // Told at its old address, which no longer receives the account's messages.
        if (hospital && (await deps.addressLimit.take(previous.email))) {
          mailer.send(
            emailChangedMessage({ to: previous.email, nombre: previous.nombre, hospital }, nuevo),
          )
        }
      }
      return { email: nuevo }
    },
  )

  app.get(
    '/api/perfil/datos',
    {
      config: {
        rateLimit: joinPerIpRateLimit({ max: EXPORTS_PER_WINDOW, timeWindowMs: EXPORT_WINDOW_MS }),
      },
      schema: {
        summary:
          'Descargar mis datos (pacientes): un ZIP con un JSON legible por máquina (la cuenta, las solicitudes con sus resúmenes, valoraciones y derivaciones, los mensajes) y una carpeta con las fotos; solo los datos propios',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'ZIP' }),
          ...ERRORS,
        },
      },
    },
    async (request, reply) => {
      const account = await patient(request, reply)
      const { zip } = await deps.dataExport.build(account)
      reply.header('cache-control', 'no-store')
      reply.header('content-type', 'application/zip')
      reply.header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
      return reply.send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength))
    },
  )

  app.get(
    '/api/perfil/lecturas',
    {
      schema: {
        summary: `Quién ha consultado mis datos (pacientes): qué personal del centro abrió cada una de sus consultas, cuándo y cuántas veces, según el registro de auditoría (como mucho ${String(DATA_READS_LIMIT)} líneas, la lectura más reciente primero)`,
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: LecturasDeMisDatos, ...ERRORS },
      },
    },
    async (request, reply) => {
      const account = await patient(request, reply)
      return { lecturas: await deps.audit.staffReadsOfPatient(account.id, DATA_READS_LIMIT) }
    },
  )

  app.post(
    '/api/perfil/cerrar',
    {
      schema: {
        summary:
          'Cerrar mi cuenta (pacientes), con la contraseña: terminan sus sesiones y no vuelve a entrar; se borran su correo, contactos, suscripciones de avisos y comentarios; sus consultas se conservan el plazo legal como "Cuenta cerrada"',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: CierreCuenta,
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      const account = await patient(request, reply)
      await confirmPassword(account, request.body.password, reply)
      const outcome = await accounts.close(account, new Date(deps.now()).toISOString())
      if (outcome === 'open_requests') {
        throw new HttpError(
          409,
          'estado_no_valido',
          'Tienes una solicitud abierta: cancélala o espera a que termine antes de cerrar tu cuenta.',
        )
      }
      return reply.code(204).send(null)
    },
  )
}
