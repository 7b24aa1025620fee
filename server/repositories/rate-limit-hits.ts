import type { AppDatabase } from '../database/schema.js'

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
  /**
   * Counts one attempt against `key` and moves its window's end to `windowMs` from now, so a
   * count is forgotten only after a quiet window (a sliding window, one statement).
   */
  hitSliding(key: string, windowMs: number): Promise<CountedHit>
  /** The count kept for `key` while its window lasts, or undefined. */
  read(key: string): Promise<CountedHit | undefined>
  /** Forgets `key`'s count. */
  clear(key: string): Promise<void>
  /** Deletes the counters whose window has ended. */
  deleteExpired(): Promise<void>
}

export function createRateLimitHitRepository(
  db: AppDatabase,
  now: () => number = Date.now,
): RateLimitHitRepository {
  /**
   * One upsert counting an attempt: a window that has ended starts again at 1; `sliding` moves
   * the window's end to `windowMs` from now on every attempt, else it keeps the end it had.
   */
  async function count(key: string, windowMs: number, sliding: boolean): Promise<CountedHit> {
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
            resets_at: sliding
              ? resetsAt
              : eb
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
  }

  return {
    hit: (key, windowMs) => count(key, windowMs, false),
    hitSliding: (key, windowMs) => count(key, windowMs, true),

    async read(key) {
      const row = await db
        .selectFrom('rate_limit_hits')
        .select(['hits', 'resets_at'])
        .where('key', '=', key)
        .where('resets_at', '>', new Date(now()).toISOString())
        .executeTakeFirst()
      return row === undefined
        ? undefined
        : { hits: row.hits, resetsAtMs: Date.parse(row.resets_at) }
    },

    async clear(key) {
      await db.deleteFrom('rate_limit_hits').where('key', '=', key).execute()
    },

    async deleteExpired() {
      await db
        .deleteFrom('rate_limit_hits')
        .where('resets_at', '<=', new Date(now()).toISOString())
        .execute()
    },
  }
}
