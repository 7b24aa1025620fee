import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { RateLimitOptions } from '@fastify/rate-limit'
import { HttpError, tooManyRequests } from '../http-errors.js'

/** One limit: at most `max` attempts per `timeWindowMs`. */
export interface RateLimitWindow {
  max: number
  timeWindowMs: number
}

/** Sign-in limits: per client IP, and per account (the lowercased email) whatever the IP. */
export interface LoginRateLimits {
  perIp: RateLimitWindow
  perAccount: RateLimitWindow
}

export const DEFAULT_LOGIN_RATE_LIMITS: LoginRateLimits = {
  perIp: { max: 20, timeWindowMs: 60_000 },
  perAccount: { max: 10, timeWindowMs: 15 * 60_000 },
}

/** Normalises an email the way accounts are stored and limited. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Route `config.rateLimit` for the per-IP limit, checked before the body is even read. */
export function perIpRateLimit({ max, timeWindowMs }: RateLimitWindow): RateLimitOptions {
  return {
    max,
    timeWindow: timeWindowMs,
    hook: 'onRequest',
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  }
}

/**
 * A preHandler that counts every attempt against the account named in the (validated) body.
 * Every attempt counts, not only failures, so parallel guesses cannot slip past the check
 * while their password hashes are still being computed.
 */
export function createPerAccountRateLimit(
  app: FastifyInstance,
  { max, timeWindowMs }: RateLimitWindow,
): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit({
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request: FastifyRequest) => `account:${emailOf(request.body)}`,
  })
  return async (request, reply) => {
    const result = await limiter(request)
    if (result.isAllowed || !result.isExceeded) return
    const retryAfter = Math.max(1, result.ttlInSeconds)
    reply.header('retry-after', retryAfter)
    throw tooManyRequests(retryAfter)
  }
}

function emailOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'email' in body) {
    if (typeof body.email === 'string') return normaliseEmail(body.email)
  }
  // Unreachable after schema validation; a constant key keeps the limiter strict anyway.
  throw new HttpError(400, 'invalid_request', 'Falta el campo «email».')
}
