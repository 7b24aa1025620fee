import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BuildAppOptions } from '../app.js'
import { seedDatabase } from './seed-database.js'
import { getOrCreateTokenSecret } from '../repositories/settings.js'
import { migrateToLatest } from '../database/migrate.js'
import type { AppDatabase } from '../database/schema.js'
import { createTestApp, TEST_SCRYPT_PARAMS } from '../testing/test-app.js'
import { createTestDatabaseOptions, openTestDatabase } from '../testing/test-database.js'
import { DEMO_USERS } from './demo-data.js'

let dir: string
let location: Pick<BuildAppOptions, 'dbPath' | 'databaseUrl'>
const opened: AppDatabase[] = []

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clinica-db-'))
  // A database that outlives each app built on it, as across a restart.
  location = await createTestDatabaseOptions(dir)
})

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()))
  rmSync(dir, { recursive: true, force: true })
})

const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }

/** The database as a fresh start of the server sees it: migrated, nothing else. */
async function open(): Promise<AppDatabase> {
  const db = openTestDatabase(location)
  opened.push(db)
  await migrateToLatest(db)
  return db
}

async function snapshot(db: AppDatabase) {
  return {
    hospitals: await db.selectFrom('hospitals').selectAll().orderBy('tenant').execute(),
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
  }
}

describe('database', () => {
  it('seeds three hospitals and every demo account (the product admin among them), and seeding again changes nothing', async () => {
    const db = await open()
    await seedDatabase(db, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
    const first = await snapshot(db)
    expect(first.hospitals.map((row) => row.tenant)).toEqual([
      'clinica-norte',
      'clinica-sol',
      'hospital-central',
    ])
    expect(first.users).toHaveLength(DEMO_USERS.length)

    await migrateToLatest(db)
    await seedDatabase(db, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
    await seedDatabase(db, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
    expect(await snapshot(db)).toEqual(first)
  })

  it('keeps edited hospital rows on restart', async () => {
    const db = await open()
    await seedDatabase(db, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
    await db
      .updateTable('hospitals')
      .set({ nombre: 'HC' })
      .where('tenant', '=', 'hospital-central')
      .execute()
    await seedDatabase(db, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
    const row = await db
      .selectFrom('hospitals')
      .select('nombre')
      .where('tenant', '=', 'hospital-central')
      .executeTakeFirst()
    expect(row).toEqual({ nombre: 'HC' })
  })

  it('keeps one generated token secret, whoever asks first', async () => {
    const [first, second] = [await open(), await open()]
    const secrets = await Promise.all([
      getOrCreateTokenSecret(first),
      getOrCreateTokenSecret(second),
    ])
    expect(secrets[1]).toBe(secrets[0])
    expect(await getOrCreateTokenSecret(await open())).toBe(secrets[0])
    expect(Buffer.from(secrets[0], 'base64url').length).toBe(32)
  })

  it('keeps sessions valid across a restart of the server', async () => {
    const before = await createTestApp(location)
    const login = await before.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO })
    const { token } = login.json<{ token: string }>()
    await before.close()

    const after = await createTestApp(location)
    const me = await after.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'x-authorization': `Bearer ${token}` },
    })
    await after.close()
    expect(me.statusCode).toBe(200)
  })

  it('removes demo accounts and their sessions when demo mode is turned off', async () => {
    const demo = await createTestApp({ ...location, demoMode: true })
    const login = await demo.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO })
    const { token } = login.json<{ token: string }>()
    await demo.close()

    const production = await createTestApp({ ...location, demoMode: false })
    const relogin = await production.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: DEMO,
    })
    const me = await production.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'x-authorization': `Bearer ${token}` },
    })
    const hospitals = await production.app.inject({
      method: 'GET',
      url: '/api/hospitales?tenant=hospital-central',
    })
    await production.close()

    expect(relogin.statusCode).toBe(401)
    expect(me.statusCode).toBe(401)
    expect(hospitals.json()).toHaveLength(1)
    expect((await snapshot(await open())).users).toEqual([])
  })
})
