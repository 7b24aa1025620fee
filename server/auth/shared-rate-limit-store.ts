import { createHash } from 'node:crypto'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { RateLimitHitRepository } from '../repositories/rate-limit-hits.js'

// Ended windows are deleted at most this often, by whichever instance counts an attempt next.
const SWEEP_INTERVAL_MS = 60_000

interface RouteInfo {
  method?: unknown
  url?: unknown
}

/**
 * A store for @fastify/rate-limit that counts in the database, so every instance on it enforces
 * one limit per address and per account (in memory, N instances would allow N times the rate).
 * Plain fixed windows, as the plugin's own in-memory store keeps them.
 */
export function createSharedRateLimitStore(
  counters: RateLimitHitRepository,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  let lastSweep = 0

  async function sweepNowAndThen() {
    if (now() - lastSweep < SWEEP_INTERVAL_MS) return
    lastSweep = now()
    await counters.deleteExpired()
  }

  // Keys hold addresses and emails as clients sent them: stored only as a hash, any byte allowed
  // (PostgreSQL text cannot hold a NUL), and no email lingers in the table.
  const storedKey = (key: string) => createHash('sha256').update(key).digest('base64url')

  class SharedRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the root store with its options; children carry a route prefix.
    private readonly prefix: string

    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : ''
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters
        .hit(storedKey(`${this.prefix}${key}`), timeWindow)
        .then(async ({ hits, resetsAtMs }) => {
          await sweepNowAndThen()
          callback(null, { current: hits, ttl: Math.max(0, resetsAtMs - now()) })
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)))
        })
    }

    child(routeOptions: object): SharedRateLimitStore {
      // Each route keeps its own counters, as the plugin's own stores do.
      const { method, url } = (routeOptions as { routeInfo?: RouteInfo }).routeInfo ?? {}
      const route = typeof method === 'string' && typeof url === 'string' ? `${method}${url}:` : ''
      return new SharedRateLimitStore(`${this.prefix}${route}`)
    }
  }

  return SharedRateLimitStore
}
