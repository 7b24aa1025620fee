import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { RateLimitOptions } from '@fastify/rate-limit'
import { HttpError } from '../http/http-errors.js'
import { normaliseEmail, type RateLimitWindow } from './login-rate-limits.js'

/**
 * Limits of the routes that send email or spend a link: per client address, and per email
 * address whatever the client (so nobody floods one inbox from many addresses).
 */
export interface JoinRateLimits {
  perIp: RateLimitWindow
  perEmail: RateLimitWindow
}

export const DEFAULT_JOIN_RATE_LIMITS: JoinRateLimits = {
  perIp: { max: 10, timeWindowMs: 15 * 60_000 },
  perEmail: { max: 3, timeWindowMs: 60 * 60_000 },
}

function tooManyRequests(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, retryAfterSeconds)
  const minutes = Math.ceil(seconds / 60)
  return new HttpError(
    429,
    'rate_limited',
    `Demasiadas solicitudes. Inténtalo de nuevo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  )
}

/** Route `config.rateLimit` counting every request from one client address. */
export function joinPerIpRateLimit({ max, timeWindowMs }: RateLimitWindow): RateLimitOptions {
  return {
    max,
    timeWindow: timeWindowMs,
    hook: 'onRequest',
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  }
}

const mailedAddresses = new WeakMap<FastifyRequest, string>()

/**
 * Names the address `request` mails when its body does not (an invitation sent again names an
 * account by id): call before the per-address limit.
 */
export function nameMailedAddress(request: FastifyRequest, email: string): void {
  mailedAddresses.set(request, email)
}

/**
 * One count per email address under `scope` (in the database on PostgreSQL): the preHandler for
 * routes whose body names the address, and `take` for messages the server sends on its own (a
 * guest's summary), so one inbox gets at most `max` messages in its window, however asked for.
 */
export interface EmailAddressLimit {
  preHandler: preHandlerAsyncHookHandler
  /** Counts one message to `email`; false when its window is already full (do not send). */
  take(email: string): Promise<boolean>
}

export function createEmailAddressLimit(
  app: FastifyInstance,
  scope: string,
  { max, timeWindowMs }: RateLimitWindow,
): EmailAddressLimit {
  // The address a request mails: the one a handler named, else its body's `email`.
  const addressOf = (request: FastifyRequest): string | undefined => {
    const named = mailedAddresses.get(request)
    if (named !== undefined) return named
    const body = request.body as { email?: unknown } | undefined
    return typeof body?.email === 'string' ? body.email : undefined
  }
  const limiter = app.createRateLimit({
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request: FastifyRequest) =>
      `${scope}:${normaliseEmail(addressOf(request) ?? '')}`,
  })
  return {
    async preHandler(request, reply) {
      const result = await limiter(request)
      if (result.isAllowed || !result.isExceeded) return
      const retryAfter = Math.max(1, result.ttlInSeconds)
      reply.header('retry-after', retryAfter)
      throw tooManyRequests(retryAfter)
    },
    async take(email) {
      // The limiter reads a request: this one carries only what the key generator reads.
      const result = await limiter({
        body: { email },
        routeOptions: { config: {} },
      } as unknown as FastifyRequest)
      return result.isAllowed || !result.isExceeded
    },
  }
}
