import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../database/migrate.js'
import type { AppDatabase } from '../database/schema.js'
import { createTestDatabase } from '../testing/test-database.js'
import { createRateLimitHitRepository } from './rate-limit-hits.js'

let db: AppDatabase
let clock = Date.parse('2026-03-01T10:00:00.000Z')
const now = () => clock

beforeEach(async () => {
  db = await createTestDatabase()
  await migrateToLatest(db)
})

afterEach(async () => {
  await db.destroy()
})

describe('rate limit counters', () => {
  it('count attempts per key within a window, then start again at 1', async () => {
    const counters = createRateLimitHitRepository(db, now)
    const start = clock
    expect(await counters.hit('account:a@x.es', 60_000)).toEqual({
      hits: 1,
      resetsAtMs: start + 60_000,
    })
    clock += 59_999
    expect(await counters.hit('account:a@x.es', 60_000)).toEqual({
      hits: 2,
      resetsAtMs: start + 60_000,
    })
    expect((await counters.hit('account:b@x.es', 60_000)).hits).toBe(1)
    clock += 1
    expect(await counters.hit('account:a@x.es', 60_000)).toEqual({
      hits: 1,
      resetsAtMs: clock + 60_000,
    })
  })

  it('lose no attempt made at the same moment', async () => {
    const counters = createRateLimitHitRepository(db, now)
    const counts = await Promise.all(
      Array.from({ length: 25 }, () => counters.hit('ip:192.0.2.1', 60_000)),
    )
    expect(counts.map(({ hits }) => hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    )
  })

  it('forget the windows that have ended, and only those', async () => {
    const counters = createRateLimitHitRepository(db, now)
    await counters.hit('short', 1_000)
    await counters.hit('long', 60_000)
    clock += 1_000
    await counters.deleteExpired()
    const keys = await db.selectFrom('rate_limit_hits').select('key').execute()
    expect(keys).toEqual([{ key: 'long' }])
  })

  it('keep a sliding count until a quiet window has passed, read and cleared by key', async () => {
    const counters = createRateLimitHitRepository(db, now)
    expect(await counters.read('account')).toBeUndefined()
    await counters.hitSliding('account', 60_000)
    clock += 50_000
    expect(await counters.hitSliding('account', 60_000)).toEqual({
      hits: 2,
      resetsAtMs: clock + 60_000,
    })
    clock += 59_999
    expect(await counters.read('account')).toEqual({ hits: 2, resetsAtMs: clock + 1 })
    await counters.clear('account')
    expect(await counters.read('account')).toBeUndefined()
    await counters.hitSliding('account', 60_000)
    clock += 60_000
    expect(await counters.read('account')).toBeUndefined()
    expect((await counters.hitSliding('account', 60_000)).hits).toBe(1)
  })
})
