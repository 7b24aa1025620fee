import type { AppDatabase } from '../kysely.js'

/** An attempt counted: how many in the current window, and when that window ends (ms). */
export interface CountedHit {
  hits: number
  resetsAtMs: number
}

export interface RateLimitHitRepository {
  /**
   * Counts one attempt against `key` in one statement (an upsert), so instances counting the
   * same key at the same moment never lose a hit: a window that has ended starts again at 1.
   */
  hit(key: string, windowMs: number): Promise<CountedHit>
  /** Deletes the counters whose window has ended. */
  deleteExpired(): Promise<void>
}

export function createRateLimitHitRepository(
  db: AppDatabase,
  now: () => number = Date.now,
): RateLimitHitRepository {
  return {
    async hit(key, windowMs) {
      const nowMs = now()
      const current = new Date(nowMs).toISOString()
      const resetsAt = new Date(nowMs + windowMs).toISOString()
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, hits: 1, resets_at: resetsAt })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => {
            const ended = eb('rate_limit_hits.resets_at', '<=', current)
            return {
              hits: eb
                .case()
                .when(ended)
                .then(1)
                .else(eb('rate_limit_hits.hits', '+', 1))
                .end(),
              resets_at: eb
                .case()
                .when(ended)
                .then(resetsAt)
                .else(eb.ref('rate_limit_hits.resets_at'))
                .end(),
            }
          }),
        )
        .returning(['hits', 'resets_at'])
        .executeTakeFirstOrThrow()
      return { hits: row.hits, resetsAtMs: Date.parse(row.resets_at) }
    },

    async deleteExpired() {
      await db
        .deleteFrom('rate_limit_hits')
        .where('resets_at', '<=', new Date(now()).toISOString())
        .execute()
    },
  }
}
