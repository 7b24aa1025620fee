import type { FastifyInstance } from 'fastify'
import {
  createPerAccountRateLimit,
  normaliseEmail,
  perIpRateLimit,
  type LoginRateLimits,
} from '../auth/login-rate-limits.js'
import { ServerBusyError, type PasswordCheckQueue } from '../auth/password-check-queue.js'
import { verifyPassword } from '../auth/passwords.js'
import type { TokenService } from '../auth/tokens.js'
import { HttpError, MESSAGES } from '../http-errors.js'
import type { AccountRepository } from '../repositories/accounts.js'
import type { UserRepository } from '../repositories/users.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA, TENANT_SCHEMA } from '../schemas.js'
import { DEFAULT_TENANT } from '../../src/contract/tenants.js'

interface LoginBody {
  email: string
  password: string
  tenant: string
}

/** Largest sign-in body accepted; anything bigger is refused with 413 before it is parsed. */
export const LOGIN_BODY_LIMIT = 16 * 1024

export interface AuthRouteDeps {
  users: UserRepository
  /** Whether an account (and its hospital) is enabled: a disabled one never signs in. */
  accounts: Pick<AccountRepository, 'findStanding'>
  tokens: TokenService
  limits: LoginRateLimits
  /** Stored hash checked when the email is unknown, so timing does not reveal which emails exist. */
  dummyPasswordHash: string
  /** Bounds the scrypt work in progress; a full queue answers 503 with Retry-After. */
  passwordChecks: PasswordCheckQueue
}

/** Seconds a client refused for a full password-check queue should wait. */
export const SERVER_BUSY_RETRY_AFTER_SECONDS = 1

/**
 * `POST /api/auth/login` `{ email, password, tenant }` → `{ token, user: { nombre, rol } }`.
 * An account signs in to its own tenant or to `main`, the generic portal.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  { users, accounts, tokens, limits, dummyPasswordHash, passwordChecks }: AuthRouteDeps,
) {
  app.post<{ Body: LoginBody }>(
    '/api/auth/login',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      config: { rateLimit: perIpRateLimit(limits.perIp) },
      preHandler: createPerAccountRateLimit(app, limits.perAccount),
      schema: {
        querystring: NO_QUERY_SCHEMA,
        body: {
          type: 'object',
          required: ['email', 'password', 'tenant'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', minLength: 3, maxLength: 254 },
            password: { type: 'string', minLength: 1, maxLength: 256 },
            tenant: TENANT_SCHEMA,
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['token', 'user'],
            properties: {
              token: { type: 'string' },
              user: {
                type: 'object',
                required: ['nombre', 'rol'],
                properties: { nombre: { type: 'string' }, rol: { type: 'string' } },
              },
            },
          },
          '4xx': ERROR_RESPONSE_SCHEMA,
          503: ERROR_RESPONSE_SCHEMA,
        },
      },
    },
    async (request, reply) => {
      const { email, password, tenant } = request.body
      const user = await users.findByEmail(normaliseEmail(email))
      // Always run scrypt, even for an unknown email: same work, same timing. The queue refuses
      // before any work, whoever the email belongs to, so a refusal reveals nothing either.
      let passwordMatches: boolean
      try {
        passwordMatches = await passwordChecks.run(() =>
          verifyPassword(password, user?.password_hash ?? dummyPasswordHash),
        )
      } catch (error) {
        if (!(error instanceof ServerBusyError)) throw error
        reply.header('retry-after', SERVER_BUSY_RETRY_AFTER_SECONDS)
        throw new HttpError(503, 'server_busy', MESSAGES.serverBusy)
      }
      // A disabled account (or one of a disabled hospital) is refused like a wrong password.
      const standing =
        user !== undefined && passwordMatches ? await accounts.findStanding(user.id) : undefined
      // Only after a correct password: the account exists but its email is not confirmed yet.
      if (standing?.awaitsConfirmation) {
        throw new HttpError(403, 'email_pending', MESSAGES.emailPending)
      }
      if (!user || !passwordMatches || !standing?.isActive) {
        throw new HttpError(401, 'invalid_credentials', MESSAGES.invalidCredentials)
      }
      // Only after a correct password: a guesser learns nothing an account holder does not know.
      if (user.tenant !== tenant && tenant !== DEFAULT_TENANT) {
        throw new HttpError(403, 'other_hospital', MESSAGES.otherHospital, user.tenant)
      }
      const token = tokens.issue({ sub: String(user.id), tenant: user.tenant, rol: user.rol })
      return { token, user: { nombre: user.nombre, rol: user.rol } }
    },
  )
}
