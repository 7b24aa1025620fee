import type { RateLimitOptions } from '@fastify/rate-limit'
import { tooManyRequests } from '../http/http-errors.js'

/** One limit: at most `max` attempts per `timeWindowMs`. */
export interface RateLimitWindow {
  max: number
  timeWindowMs: number
}

/**
 * Sign-in limits: per client IP (attempts a minute), and per account (the lowercased email)
 * whatever the IP: `max` failures lock it briefly, forgotten `timeWindowMs` after the last one.
 */
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
