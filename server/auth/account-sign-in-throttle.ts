import { createHash } from 'node:crypto'
import type { preHandlerAsyncHookHandler } from 'fastify'
import type { RateLimitHitRepository } from '../repositories/rate-limit-hits.js'
import { HttpError, tooManyRequests } from '../http/http-errors.js'
import type { RateLimitWindow } from './login-rate-limits.js'
import { normaliseEmail } from './login-rate-limits.js'

/**
 * How an account's failed sign-ins slow the next attempt. The first failures cost nothing (a
 * person mistypes); then every further attempt waits twice as long as the one before; at the
 * account limit the account is locked for a short while. Never a long lock: an attacker must not
 * be able to keep the owner out for a quarter of an hour with ten wrong passwords.
 */
export const ACCOUNT_THROTTLE = {
  /** Failures answered at once. */
  freeFailures: 5,
  /** Wait after the first failure past the free ones; doubles with every further failure. */
  firstDelayMs: 1_000,
  /** Longest wait between attempts before the lock. */
  maxDelayMs: 30_000,
  /** Lock once the account limit of failures is reached, counted from the last failure. */
  lockMs: 5 * 60_000,
} as const

// Ended counters are deleted at most this often, by whichever attempt comes next.
const SWEEP_INTERVAL_MS = 60_000

/**
 * Milliseconds an account with `failures` failed sign-ins, the last at `lastFailureMs`, must still
 * wait before its next attempt; 0 when it may try now.
 */
export function remainingWaitMs(
  failures: number,
  lastFailureMs: number,
  nowMs: number,
  lockAfterFailures: number,
): number {
  let waitMs = 0
  if (failures >= lockAfterFailures) waitMs = ACCOUNT_THROTTLE.lockMs
  else if (failures >= ACCOUNT_THROTTLE.freeFailures) {
    const doublings = failures - ACCOUNT_THROTTLE.freeFailures
    waitMs = Math.min(ACCOUNT_THROTTLE.firstDelayMs * 2 ** doublings, ACCOUNT_THROTTLE.maxDelayMs)
  }
  return Math.max(0, lastFailureMs + waitMs - nowMs)
}

export interface AccountSignInThrottle {
  /** preHandler of the sign-in route: refuses an attempt that comes too early, counts the rest. */
  admit: preHandlerAsyncHookHandler
  /**
   * The same for a password check of the account with this email made elsewhere (a locked
   * screen's): the account's failures count together, wherever they come from.
   */
  admitFor(email: string, reply: Parameters<preHandlerAsyncHookHandler>[1]): Promise<void>
  /** After a correct password: the account's failures are forgotten. */
  forgive(email: string): Promise<void>
}

/**
 * The per-account sign-in limit: counts failures only (a correct password clears the count), in
 * the database, so every instance on it sees the same count. `max` is the number of failures that
 * locks the account; `timeWindowMs` how long failures are remembered after the last one.
 *
 * An attempt is counted as a failure before its password is checked and forgiven once it proves
 * right: parallel guesses cannot slip past the limit while their hashes are still computing.
 */
export function createAccountSignInThrottle(
  counters: RateLimitHitRepository,
  { max, timeWindowMs }: RateLimitWindow,
  now: () => number = Date.now,
): AccountSignInThrottle {
  let lastSweep = 0
  // Stored as a hash: any byte allowed, and no email lingers in the table.
  const keyOf = (email: string) =>
    createHash('sha256')
      .update(`sign-in-failures:${normaliseEmail(email)}`)
      .digest('base64url')

  function refuse(reply: Parameters<preHandlerAsyncHookHandler>[1], waitMs: number): never {
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000))
    reply.header('retry-after', retryAfter)
    throw tooManyRequests(retryAfter)
  }

  async function admitFor(email: string, reply: Parameters<preHandlerAsyncHookHandler>[1]) {
    const key = keyOf(email)
    const kept = await counters.read(key)
    if (kept !== undefined) {
      const lastFailureMs = kept.resetsAtMs - timeWindowMs
      const waitMs = remainingWaitMs(kept.hits, lastFailureMs, now(), max)
      if (waitMs > 0) refuse(reply, waitMs)
    }
    const { hits } = await counters.hitSliding(key, timeWindowMs)
    // Attempts that passed the check together (someone else counted in between): only as many
    // as the limit go on.
    const isConcurrent = hits !== (kept?.hits ?? 0) + 1
    if (hits > max && isConcurrent) refuse(reply, ACCOUNT_THROTTLE.lockMs)
    if (now() - lastSweep >= SWEEP_INTERVAL_MS) {
      lastSweep = now()
      await counters.deleteExpired()
    }
  }

  return {
    async admit(request, reply) {
      await admitFor(emailOf(request.body), reply)
    },
    admitFor,
    async forgive(email) {
      await counters.clear(keyOf(email))
    },
  }
}

function emailOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'email' in body) {
    if (typeof body.email === 'string') return body.email
  }
  // Unreachable after schema validation.
  throw new HttpError(400, 'invalid_request', 'Falta el campo «email».')
}
