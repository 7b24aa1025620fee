import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../database/migrate.js'
import type { AppDatabase } from '../database/schema.js'
import { createTestDatabase } from '../testing/test-database.js'
import { createAccessCodeRepository } from './access-codes.js'

let db: AppDatabase

beforeEach(async () => {
  db = await createTestDatabase()
  await migrateToLatest(db)
})

afterEach(async () => {
  await db.destroy()
})

describe('access codes', () => {
  it('work once, even when used several times at the same moment', async () => {
    const codes = createAccessCodeRepository(db, Date.now)
    const { codigo } = await codes.issue(7)
    const uses = await Promise.all(Array.from({ length: 8 }, () => codes.consume(7, codigo)))
    expect(uses.filter(Boolean)).toHaveLength(1)
    expect(await codes.consume(7, codigo)).toBe(false)
  })
})
