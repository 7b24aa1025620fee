import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  type EmailAddressLimit,
  joinPerIpRateLimit,
  type JoinRateLimits,
} from '../auth/join-rate-limits.js'
import { hashPassword, type ScryptParams } from '../auth/passwords.js'
import type { TokenService } from '../auth/tokens.js'
import { readName } from '../http/input-rules.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import type { Mailer } from '../mail/mailer.js'
import {
  alreadyRegisteredMessage,
  confirmationMessage,
  contestedRegistrationMessage,
  resetMessage,
  type MailContext,
} from '../mail/messages.js'
import type { AccountRepository, AccountStanding } from '../repositories/accounts.js'
import type { LinkPurpose } from '../database/schema.js'
import type { EmailLinkRepository } from '../repositories/email-links.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { TermsRepository } from '../repositories/terms.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../http/route-schemas.js'
import {
  CONFIRMATION_LINK_TTL_HOURS,
  EmailRequestBody,
  RegistroBody,
  RESET_LINK_TTL_MINUTES,
  RestablecerEnlaceBody,
  ValidarCuentaBody,
  AceptarInvitacionBody,
} from '../../src/contract/join.js'
import { PERSON_NAME_MAX_LENGTH, SesionIniciada } from '../../src/contract/accounts.js'
import { DEFAULT_TENANT } from '../../src/contract/tenants.js'
import { assertAcceptablePassword, emailUnavailable, linkFailure, readEmail } from './join-input.js'

const CONFIRMATION_TTL_MS = CONFIRMATION_LINK_TTL_HOURS * 3600_000
const RESET_TTL_MS = RESET_LINK_TTL_MINUTES * 60_000

export interface JoinRouteDeps {
  hospitals: HospitalRepository
  accounts: AccountRepository
  links: EmailLinkRepository
  terms: TermsRepository
  tokens: TokenService
  mailer: Mailer
  /** `PUBLIC_URL`; undefined outside demo mode without it, and then nothing is sent (503). */
  publicUrl: string | undefined
  scryptParams: ScryptParams
  limits: JoinRateLimits
  /** The per-address count of every email the server sends (`limits.perEmail`). */
  addressLimit: EmailAddressLimit
}

const ACCEPTED = { 202: { type: 'null' }, '4xx': ERROR_RESPONSE_SCHEMA, 503: ERROR_RESPONSE_SCHEMA }
const SIGNED_IN = { 200: SesionIniciada, '4xx': ERROR_RESPONSE_SCHEMA, 503: ERROR_RESPONSE_SCHEMA }

/**
 * Joining on one's own and getting back in by email: registration (an unconfirmed patient), the
 * confirmation link that activates the account and signs it in, another confirmation link on
 * request, and the reset link for a forgotten password. Requests that name an address answer the
 * same whether or not it has an account.
 */
export function registerJoinRoutes(instance: FastifyInstance, deps: JoinRouteDeps) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { hospitals, accounts, links, terms, tokens, mailer, scryptParams, limits } = deps
  const perIp = { rateLimit: joinPerIpRateLimit(limits.perIp) }
  // One count per address for every route that mails it, whichever message it asks for: one
  // inbox gets at most `limits.perEmail` messages in its window, however they are asked for.
  const perEmail = deps.addressLimit.preHandler

  /** The public address and the hospital, or the refusal when mail cannot be sent. */
  async function mailSetup(tenant: string) {
    if (!mailer.isAvailable || deps.publicUrl === undefined) throw emailUnavailable()
    const hospital = tenant === DEFAULT_TENANT ? undefined : await hospitals.findByTenant(tenant)
    if (!hospital) throw new HttpError(404, 'not_found', 'Este centro no existe o no está activo.')
    return { publicUrl: deps.publicUrl, hospital }
  }

  /** The context of a message to an account, signed by the account's own hospital. */
  async function contextFor(
    publicUrl: string,
    account: { email: string; nombre: string; tenant: string },
  ): Promise<MailContext | undefined> {
    const hospital = await hospitals.findByTenant(account.tenant)
    if (!hospital) return undefined
    return { to: account.email, nombre: account.nombre, hospital, publicUrl }
  }

  /**
   * The link that activates a pending account: a confirmation of its registration's password,
   * or, once a second registration contested it, a link to choose one.
   */
  async function sendActivation(context: MailContext, userId: number) {
    if (await accounts.isContested(userId)) {
      const code = await links.issue(userId, 'restablecer', CONFIRMATION_TTL_MS)
      mailer.send(contestedRegistrationMessage(context, code))
    } else {
      const code = await links.issue(userId, 'validar', CONFIRMATION_TTL_MS)
      mailer.send(confirmationMessage(context, code))
    }
  }

  async function signIn(account: AccountStanding) {
    const token = await tokens.issue({
      sub: String(account.id),
      tenant: account.tenant,
      rol: account.rol,
      gen: account.sessionGeneration,
    })
    return { token, user: { nombre: account.nombre, rol: account.rol, tenant: account.tenant } }
  }

  /**
   * Spends an emailed link's code, makes its change in the same transaction, and signs its
   * account in: a used, expired or unknown code changes nothing.
   */
  async function redeemAndSignIn(
    { codigo, tenant }: { codigo: string; tenant: string },
    purpose: LinkPurpose,
    apply: Parameters<EmailLinkRepository['redeem']>[3],
  ) {
    const outcome = await links.redeem(codigo, purpose, tenant, apply)
    if (!outcome.ok) throw linkFailure(outcome.reason)
    const account = await accounts.findStanding(outcome.userId)
    if (!account?.isActive) {
      throw new HttpError(401, 'invalid_credentials', MESSAGES.invalidCredentials)
    }
    return signIn(account)
  }

  app.post(
    '/api/auth/registro',
    {
      config: perIp,
      preHandler: perEmail,
      schema: {
        summary: 'Crear una cuenta de paciente (pendiente de confirmar el correo)',
        querystring: NO_QUERY_SCHEMA,
        body: RegistroBody,
        response: ACCEPTED,
      },
    },
    async (request, reply) => {
      const body = request.body
      const { publicUrl, hospital } = await mailSetup(body.tenant)
      const nombre = readName(body.nombre, PERSON_NAME_MAX_LENGTH)
      const email = readEmail(body.email)
      assertAcceptablePassword(body.password)
      const current = await terms.current(hospital.tenant)
      // Nobody joins a hospital without terms to accept: registration opens with their first
      // version.
      if (!current) {
        throw new HttpError(
          409,
          'no_terms',
          'El registro en este centro todavía no está abierto: aún no ha publicado sus términos y condiciones.',
        )
      }
      if (body.terminos_version !== current.version) {
        throw new HttpError(
          409,
          'terms_changed',
          'Los términos y condiciones han cambiado: léelos de nuevo antes de aceptarlos.',
        )
      }
      // Hashed whatever happens next: a known address costs as much as a new one.
      const passwordHash = await hashPassword(body.password, scryptParams)
      const outcome = await accounts.register(
        { tenant: hospital.tenant, nombre, email },
        passwordHash,
      )
      const context: MailContext = { to: email, nombre, hospital, publicUrl }
      if (outcome.kind === 'exists') {
        mailer.send(alreadyRegisteredMessage(context))
      } else {
        await terms.accept(outcome.id, hospital.tenant, current.version)
        await sendActivation(context, outcome.id)
      }
      return reply.code(202).send()
    },
  )

  app.post(
    '/api/auth/validar-cuenta',
    {
      config: perIp,
      schema: {
        summary: 'Confirmar el correo con el código del enlace e iniciar sesión',
        querystring: NO_QUERY_SCHEMA,
        body: ValidarCuentaBody,
        response: SIGNED_IN,
      },
    },
    async (request) =>
      redeemAndSignIn(request.body, 'validar', (trx, userId) => accounts.confirmEmail(trx, userId)),
  )

  app.post(
    '/api/auth/reenviar-validacion',
    {
      config: perIp,
      preHandler: perEmail,
      schema: {
        summary: 'Enviar otro enlace de confirmación (misma respuesta exista o no la cuenta)',
        querystring: NO_QUERY_SCHEMA,
        body: EmailRequestBody,
        response: ACCEPTED,
      },
    },
    async (request, reply) => {
      const { tenant, email } = request.body
      const { publicUrl } = await mailSetup(tenant)
      for (const user of await accounts.findByEmail(tenant, readEmail(email))) {
        const account = await accounts.findStanding(user.id)
        const context = account?.awaitsConfirmation && (await contextFor(publicUrl, user))
        if (context) await sendActivation(context, user.id)
      }
      return reply.code(202).send()
    },
  )

  app.post(
    '/api/auth/olvido',
    {
      config: perIp,
      preHandler: perEmail,
      schema: {
        summary: 'Enviar un enlace para restablecer el acceso (misma respuesta exista o no)',
        querystring: NO_QUERY_SCHEMA,
        body: EmailRequestBody,
        response: ACCEPTED,
      },
    },
    async (request, reply) => {
      const { tenant, email } = request.body
      const { publicUrl } = await mailSetup(tenant)
      // Each link leads to its account's own hospital, whichever sign-in it was asked from: from
      // a hospital with no account at this address, one message per hospital that holds it.
      for (const user of await accounts.findByEmail(tenant, readEmail(email))) {
        const account = await accounts.findStanding(user.id)
        const context = account && (await contextFor(publicUrl, user))
        if (!account || !context) continue
        if (account.isActive) {
          const code = await links.issue(user.id, 'restablecer', RESET_TTL_MS)
          mailer.send(resetMessage(context, code))
        } else if (account.awaitsConfirmation) {
          // Whoever can read this inbox may as well confirm the account first.
          await sendActivation(context, user.id)
        }
      }
      return reply.code(202).send()
    },
  )

  app.post(
    '/api/auth/restablecer-enlace',
    {
      config: perIp,
      schema: {
        summary: 'Nueva contraseña con el código de un enlace enviado por correo',
        querystring: NO_QUERY_SCHEMA,
        body: RestablecerEnlaceBody,
        response: SIGNED_IN,
      },
    },
    async (request) => {
      assertAcceptablePassword(request.body.password)
      const passwordHash = await hashPassword(request.body.password, scryptParams)
      return redeemAndSignIn(request.body, 'restablecer', (trx, userId) =>
        accounts.resetPassword(trx, userId, passwordHash),
      )
    },
  )

  app.post(
    '/api/auth/aceptar-invitacion',
    {
      config: perIp,
      schema: {
        summary:
          'Acepta la invitación enviada por correo: la persona elige su contraseña (las reglas del registro) y queda con la sesión iniciada',
        querystring: NO_QUERY_SCHEMA,
        body: AceptarInvitacionBody,
        response: SIGNED_IN,
      },
    },
    async (request) => {
      assertAcceptablePassword(request.body.password)
      const passwordHash = await hashPassword(request.body.password, scryptParams)
      return redeemAndSignIn(request.body, 'invitar', (trx, userId) =>
        accounts.resetPassword(trx, userId, passwordHash),
      )
    },
  )
}
