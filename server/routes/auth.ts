import type { FastifyInstance, FastifyReply } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AccountSignInThrottle } from '../auth/account-sign-in-throttle.js'
import { authenticate } from '../auth/authenticate.js'
import { normaliseEmail, perIpRateLimit, type LoginRateLimits } from '../auth/login-rate-limits.js'
import type { PasswordCheckQueue } from '../auth/password-check-queue.js'
import { ServerBusyError } from '../http/work-queue.js'
import { verifyPassword } from '../auth/passwords.js'
import type { TokenService } from '../auth/tokens.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import type { AccountRepository } from '../repositories/accounts.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../http/route-schemas.js'
import { SESSION_HEADERS_SCHEMA } from './care-schemas.js'
import { DesbloqueoPantalla, InicioSesion, SesionIniciada } from '../../src/contract/accounts.js'
import { may } from '../../src/contract/permissions.js'
import { DEFAULT_TENANT } from '../../src/contract/tenants.js'

/** Largest sign-in body accepted; anything bigger is refused with 413 before it is parsed. */
export const LOGIN_BODY_LIMIT = 16 * 1024

export interface AuthRouteDeps {
  /** Whether an account (and its hospital) is enabled: a disabled one never signs in. */
  accounts: Pick<AccountRepository, 'findByEmail' | 'findStanding'>
  tokens: TokenService
  limits: LoginRateLimits
  /** Per-account limit on failed sign-ins. */
  accountThrottle: AccountSignInThrottle
  /** Stored hash checked when the email is unknown, so timing does not reveal which emails exist. */
  dummyPasswordHash: string
  /** Bounds the scrypt work in progress; a full queue answers 503 with Retry-After. */
  passwordChecks: PasswordCheckQueue
}

/** Seconds a client refused for a full password-check queue should wait. */
export const SERVER_BUSY_RETRY_AFTER_SECONDS = 1

/**
 * `POST /api/auth/login` `{ email, password, tenant }` → `{ token, user: { nombre, rol, tenant } }`.
 * An account signs in to its own tenant or to `main`, the generic portal, which only lets it in:
 * the answer names the account's hospital, where the app takes it. An address names one account
 * per hospital: the one of the hospital signed in to comes first.
 */
export function registerAuthRoutes(
  instance: FastifyInstance,
  { accounts, tokens, limits, accountThrottle, dummyPasswordHash, passwordChecks }: AuthRouteDeps,
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()

  /** Runs one scrypt check through the bounded queue; a full queue answers 503. */
  async function checkPassword(
    password: string,
    hash: string | undefined,
    reply: FastifyReply,
  ): Promise<boolean> {
    try {
      return await passwordChecks.run(() => verifyPassword(password, hash ?? dummyPasswordHash))
    } catch (error) {
      if (!(error instanceof ServerBusyError)) throw error
      reply.header('retry-after', SERVER_BUSY_RETRY_AFTER_SECONDS)
      throw new HttpError(503, 'server_busy', MESSAGES.serverBusy)
    }
  }

  app.post(
    '/api/auth/login',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      config: { rateLimit: perIpRateLimit(limits.perIp) },
      preHandler: accountThrottle.admit,
      schema: {
        querystring: NO_QUERY_SCHEMA,
        body: InicioSesion,
        response: {
          200: SesionIniciada,
          '4xx': ERROR_RESPONSE_SCHEMA,
          503: ERROR_RESPONSE_SCHEMA,
        },
      },
    },
    async (request, reply) => {
      const { email, password, tenant } = request.body
      // The hospital's own account; else the one account holding the address elsewhere, which
      // the answer then names. An address several other hospitals hold names no one here: one
      // password is checked, never several, so the time taken tells nothing of how many exist.
      const found = await accounts.findByEmail(tenant, normaliseEmail(email))
      const user = found.length === 1 ? found[0] : undefined
      // Always run scrypt, even for an unknown email: same work, same timing. The queue refuses
      // before any work, whoever the email belongs to, so a refusal reveals nothing either.
      const passwordMatches = await checkPassword(password, user?.password_hash, reply)
      // Whoever knows the password is no guesser: the account's failures are forgotten.
      if (user !== undefined && passwordMatches) await accountThrottle.forgive(email)
      const standing =
        user !== undefined && passwordMatches ? await accounts.findStanding(user.id) : undefined
      // Only after a correct password: the account exists but its email is not confirmed yet.
      if (standing?.awaitsConfirmation) {
        throw new HttpError(403, 'email_pending', MESSAGES.emailPending)
      }
      if (!user || !standing) {
        throw new HttpError(401, 'invalid_credentials', MESSAGES.invalidCredentials)
      }
      // Only after a correct password, so a guesser learns nothing: the holder is told why.
      if (!standing.isHospitalActive) {
        throw new HttpError(403, 'hospital_disabled', MESSAGES.hospitalDisabled)
      }
      if (!standing.isActive) {
        throw new HttpError(403, 'account_disabled', MESSAGES.accountDisabled)
      }
      // Only after a correct password: a guesser learns nothing an account holder does not know.
      if (user.tenant !== tenant && tenant !== DEFAULT_TENANT) {
        throw new HttpError(403, 'other_hospital', MESSAGES.otherHospital, user.tenant)
      }
      const token = await tokens.issue({
        sub: String(user.id),
        tenant: user.tenant,
        rol: user.rol,
        gen: user.sessionGeneration,
      })
      return { token, user: { nombre: user.nombre, rol: user.rol, tenant: user.tenant } }
    },
  )
  /**
   * `POST /api/auth/desbloquear` `{ password }` with the session's token → `204` when the password
   * is the signed-in account's own: a shared tablet's locked screen (a professional on duty)
   * opens again. Another account's password opens nothing. Limited like sign-in (per IP, and the
   * account's failures counted with its failed sign-ins); a wrong password is a `403`
   * (`wrong_password`), never a `401`, which would end the session the lock keeps.
   */
  app.post(
    '/api/auth/desbloquear',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      config: { rateLimit: perIpRateLimit(limits.perIp) },
      schema: {
        querystring: NO_QUERY_SCHEMA,
        summary:
          'Abre de nuevo la pantalla bloqueada de un dispositivo compartido con la contraseña de la cuenta con la sesión iniciada',
        headers: SESSION_HEADERS_SCHEMA,
        body: DesbloqueoPantalla,
        response: {
          204: {
            type: 'null',
            description: 'La contraseña es la de la cuenta: la pantalla se abre.',
          },
          '4xx': ERROR_RESPONSE_SCHEMA,
          503: ERROR_RESPONSE_SCHEMA,
        },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, { tokens, accounts })
      if (!may(account, 'seguir_de_guardia')) {
        throw new HttpError(403, 'forbidden', MESSAGES.forbidden)
      }
      await accountThrottle.admitFor(account.email, reply)
      const own = (await accounts.findByEmail(account.tenant, normaliseEmail(account.email))).find(
        (found) => found.id === account.id,
      )
      const passwordMatches = await checkPassword(request.body.password, own?.password_hash, reply)
      if (own === undefined || !passwordMatches) {
        throw new HttpError(403, 'wrong_password', MESSAGES.wrongPassword)
      }
      await accountThrottle.forgive(account.email)
      return reply.code(204).send(null)
    },
  )
}
