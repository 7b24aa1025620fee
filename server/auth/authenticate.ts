import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError, MESSAGES, type ErrorCode } from '../http/http-errors.js'
import type { AccountRepository, AccountStanding } from '../repositories/accounts.js'
import { isGuestRoute } from './guest-access.js'
import { readBearerToken, type TokenService } from './tokens.js'

export interface SessionCheckDeps {
  tokens: TokenService
  accounts: Pick<AccountRepository, 'findStanding'>
}

function unauthorized(reply: FastifyReply, code: ErrorCode, message: string): HttpError {
  // RFC 6750 §3: a 401 names the scheme the client should use.
  reply.header('www-authenticate', `Bearer error="invalid_token"`)
  return new HttpError(401, code, message)
}

/**
 * The account behind `X-Authorization: Bearer <token>`, read from the database on every request:
 * a deleted or disabled account, or one of a disabled hospital, loses access at once, whatever
 * its token says; so does a token issued before the account's password changed or before its
 * hospital was disabled (enabling it again does not revive it). Throws a 401 otherwise.
 */
export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  { tokens, accounts }: SessionCheckDeps,
): Promise<AccountStanding> {
  const header = request.headers['x-authorization']
  if (typeof header !== 'string' || header.trim() === '') {
    throw unauthorized(reply, 'missing_token', MESSAGES.missingToken)
  }
  const token = readBearerToken(header)
  const verification = token === undefined ? undefined : await tokens.verify(token)
  if (!verification?.ok) {
    throw verification?.reason === 'expired'
      ? unauthorized(reply, 'token_expired', MESSAGES.tokenExpired)
      : unauthorized(reply, 'invalid_token', MESSAGES.invalidToken)
  }
  const { claims } = verification
  const id = /^\d{1,15}$/.test(claims.sub) ? Number(claims.sub) : undefined
  const account = id === undefined ? undefined : await accounts.findStanding(id)
  if (account?.tenant !== claims.tenant) {
    throw unauthorized(reply, 'invalid_token', MESSAGES.invalidToken)
  }
  // Still a 401 (the session is over), but saying why, so the app does not call it an expiry.
  if (!account.isHospitalActive) {
    throw unauthorized(reply, 'hospital_disabled', MESSAGES.hospitalDisabled)
  }
  // A guest's session ends with its consultation or its time: to them it reads as an expiry.
  if (account.isGuestSessionOver) {
    throw unauthorized(reply, 'token_expired', MESSAGES.tokenExpired)
  }
  if (!account.isActive) throw unauthorized(reply, 'account_disabled', MESSAGES.accountDisabled)
  // Issued before a new password, or before its hospital was disabled: that session is over,
  // and the answer says why when it was the password, so the device left behind can tell.
  if (claims.iat < account.sessionsValidFrom) {
    throw claims.iat < account.passwordChangedAt
      ? unauthorized(reply, 'password_changed', MESSAGES.passwordChanged)
      : unauthorized(reply, 'invalid_token', MESSAGES.invalidToken)
  }
  if (account.isGuest && !isGuestRoute(request.method, request.routeOptions.url)) {
    throw new HttpError(403, 'forbidden', MESSAGES.forbidden)
  }
  return account
}
