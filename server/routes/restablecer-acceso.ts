import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { normaliseEmail, perIpRateLimit, type RateLimitWindow } from '../auth/login-rate-limits.js'
import { hashPassword, type ScryptParams } from '../auth/passwords.js'
import { assertAcceptablePassword } from './join-input.js'
import { HttpError } from '../http/http-errors.js'
import type { AccessCodeRepository } from '../repositories/access-codes.js'
import type { AccountRepository } from '../repositories/accounts.js'
import { NO_QUERY_SCHEMA, ERROR_RESPONSE_SCHEMA } from '../http/route-schemas.js'
import { RestablecerAcceso } from '../../src/contract/accounts.js'

export interface RestablecerAccesoDeps {
  accounts: AccountRepository
  accessCodes: AccessCodeRepository
  scryptParams: ScryptParams
  rateLimit: RateLimitWindow
}

/**
 * `POST /api/auth/restablecer-acceso` `{ tenant, email, codigo, password }` → 204: the owner of
 * an account sets a new password with the one-time code an administrator gave them. Every
 * failure (unknown email, wrong, used or expired code) is the same 400.
 */
export function registerRestablecerAccesoRoute(
  instance: FastifyInstance,
  { accounts, accessCodes, scryptParams, rateLimit }: RestablecerAccesoDeps,
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/api/auth/restablecer-acceso',
    {
      config: { rateLimit: perIpRateLimit(rateLimit) },
      schema: {
        summary: 'Nueva contraseña con un código de acceso de un solo uso',
        querystring: NO_QUERY_SCHEMA,
        body: RestablecerAcceso,
        response: { 204: { type: 'null' }, '4xx': ERROR_RESPONSE_SCHEMA },
      },
    },
    async (request, reply) => {
      const { tenant, email, codigo, password } = request.body
      // Before the code is used: a refused password leaves it for the next try.
      assertAcceptablePassword(password)
      const [user] = await accounts.findByEmail(tenant, normaliseEmail(email))
      const account = user && (await accounts.findStanding(user.id))
      const usable = account?.tenant === tenant && account.isActive
      if (!usable || !(await accessCodes.consume(account.id, codigo))) {
        throw new HttpError(
          400,
          'invalid_access_code',
          'El código no es válido o ha caducado. Pide uno nuevo a la administración de tu centro.',
        )
      }
      await accounts.setPassword(account, await hashPassword(password, scryptParams))
      return reply.code(204).send(null)
    },
  )
}
