import type { FastifyInstance, FastifyReply } from 'fastify'
import { readBearerToken, type TokenService } from '../auth/tokens.js'
import { HttpError, MESSAGES, type ErrorCode } from '../http-errors.js'
import type { UserRepository } from '../repositories/users.js'
import { ERROR_RESPONSE_SCHEMA, NO_QUERY_SCHEMA } from '../schemas.js'

interface MeHeaders {
  'x-authorization'?: string
}

function unauthorized(reply: FastifyReply, code: ErrorCode, message: string): HttpError {
  // RFC 6750 §3: a 401 names the scheme the client should use.
  reply.header('www-authenticate', `Bearer error="invalid_token"`)
  return new HttpError(401, code, message)
}

/**
 * `GET /api/me` with `X-Authorization: Bearer <token>` → `{ nombre, rol, tenant }`, read from
 * the database so a deleted account loses access at once.
 */
export function registerMeRoute(
  app: FastifyInstance,
  { users, tokens }: { users: UserRepository; tokens: TokenService },
) {
  app.get<{ Headers: MeHeaders }>(
    '/api/me',
    {
      schema: {
        querystring: NO_QUERY_SCHEMA,
        headers: {
          type: 'object',
          properties: { 'x-authorization': { type: 'string', maxLength: 4096 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['nombre', 'rol', 'tenant'],
            properties: {
              nombre: { type: 'string' },
              rol: { type: 'string' },
              tenant: { type: 'string' },
            },
          },
          '4xx': ERROR_RESPONSE_SCHEMA,
        },
      },
    },
    async (request, reply) => {
      const header = request.headers['x-authorization']
      if (header === undefined || header.trim() === '') {
        throw unauthorized(reply, 'missing_token', MESSAGES.missingToken)
      }
      const token = readBearerToken(header)
      const verification = token === undefined ? undefined : tokens.verify(token)
      if (!verification?.ok) {
        throw verification?.reason === 'expired'
          ? unauthorized(reply, 'token_expired', MESSAGES.tokenExpired)
          : unauthorized(reply, 'invalid_token', MESSAGES.invalidToken)
      }
      const { claims } = verification
      const id = /^\d{1,15}$/.test(claims.sub) ? Number(claims.sub) : undefined
      const user = id === undefined ? undefined : users.findById(id)
      if (user?.tenant !== claims.tenant) {
        throw unauthorized(reply, 'invalid_token', MESSAGES.invalidToken)
      }
      return { nombre: user.nombre, rol: user.rol, tenant: user.tenant }
    },
  )
}
