import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError, MESSAGES, type ErrorCode } from '../http/http-errors.js'
import type { AccountRepository, AccountStanding } from '../repositories/accounts.js'
import { isGuestRoute } from './guest-access.js'
import { readBearerToken, type TokenClaims, type TokenService } from './tokens.js'

export interface SessionCheckDeps {
  tokens: TokenService
  accounts: Pick<AccountRepository, 'findStanding'>
}

function unauthorized(reply: FastifyReply, code: ErrorCode, message: string): HttpError {
  // RFC 6750 §3: a 401 names the scheme the client should use.
  reply.header('www-authenticate', `Bearer error="invalid_token"`)
  return new HttpError(401, code, message)
}

/** Why a session is over: the 401's code and its Spanish message. */
export interface SessionFailure {
  code: ErrorCode
  message: string
}

/**
 * The session check of every request and of every open live stream: the token's claims against
 * the account as it stands now. A deleted or disabled account, or one of a disabled hospital,
 * loses access at once, whatever its token says; so does a token of an older session generation
 * (a new password, a reset, an account or hospital disabled or enabled again, a guest's request
 * ended). Undefined when the session goes on.
 */
export function judgeSession(
  claims: TokenClaims,
  account: AccountStanding | undefined,
): SessionFailure | undefined {
  if (
    account === undefined ||
    String(account.id) !== claims.sub ||
    account.tenant !== claims.tenant
  ) {
    return { code: 'invalid_token', message: MESSAGES.invalidToken }
  }
  // Still a 401 (the session is over), but saying why, so the app does not call it an expiry.
  if (!account.isHospitalActive) {
    return { code: 'hospital_disabled', message: MESSAGES.hospitalDisabled }
  }
  // A guest's session ends with its consultation or its time: to them it reads as an expiry.
  if (account.isGuestSessionOver) return { code: 'token_expired', message: MESSAGES.tokenExpired }
  if (!account.isActive) return { code: 'account_disabled', message: MESSAGES.accountDisabled }
  if (claims.gen !== account.sessionGeneration) {
    // Ended by a new password (set elsewhere): the device left behind is told why.
    return claims.gen < account.passwordGeneration
      ? { code: 'password_changed', message: MESSAGES.passwordChanged }
      : { code: 'invalid_token', message: MESSAGES.invalidToken }
  }
  return undefined
}

/** The account id a token names, or undefined when `sub` cannot be one. */
export function accountIdOf(claims: TokenClaims): number | undefined {
  return /^\d{1,15}$/.test(claims.sub) ? Number(claims.sub) : undefined
}

/**
 * The session behind `X-Authorization: Bearer <token>`, checked against the database on every
 * request ({@link judgeSession}); throws a 401 when it is over, a 403 when a guest calls a route
 * that is not theirs.
 */
export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SessionCheckDeps,
): Promise<AccountStanding> {
  return (await authenticateSession(request, reply, deps)).account
}

/** {@link authenticate}, also handing back the token's claims (a live stream keeps them). */
export async function authenticateSession(
  request: FastifyRequest,
  reply: FastifyReply,
  { tokens, accounts }: SessionCheckDeps,
): Promise<{ account: AccountStanding; claims: TokenClaims; token: string }> {
  const header = request.headers['x-authorization']
  if (typeof header !== 'string' || header.trim() === '') {
    throw unauthorized(reply, 'missing_token', MESSAGES.missingToken)
  }
  const token = readBearerToken(header)
  const verification = token === undefined ? undefined : await tokens.verify(token)
  if (token === undefined || !verification?.ok) {
    throw verification?.ok === false && verification.reason === 'expired'
      ? unauthorized(reply, 'token_expired', MESSAGES.tokenExpired)
      : unauthorized(reply, 'invalid_token', MESSAGES.invalidToken)
  }
  const { claims } = verification
  const id = accountIdOf(claims)
  const account = id === undefined ? undefined : await accounts.findStanding(id)
  const failure = judgeSession(claims, account)
  if (failure !== undefined) throw unauthorized(reply, failure.code, failure.message)
  if (account === undefined) throw unauthorized(reply, 'invalid_token', MESSAGES.invalidToken)
  if (account.isGuest && !isGuestRoute(request.method, request.routeOptions.url)) {
    throw new HttpError(403, 'forbidden', MESSAGES.forbidden)
  }
  return { account, claims, token }
}
