import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getOrCreateTokenSecret, openDatabase, seedDatabase } from './db.js'
import { createTestApp, TEST_SCRYPT_PARAMS } from './testing/test-app.js'

let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clinica-db-'))
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }

function snapshot(path: string) {
  const db = openDatabase(path)
  try {
    return {
      hospitals: db.prepare('SELECT * FROM hospitals ORDER BY tenant').all(),
      users: db.prepare('SELECT * FROM users ORDER BY id').all(),
    }
  } finally {
    db.close()
  }
}

describe('database', () => {
  it('creates the directory and a file only its owner can read', () => {
    const path = join(dir, 'nested', 'deeper', 'clinica.sqlite')
    openDatabase(path).close()
    expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it('seeds three hospitals and four demo accounts (the product admin among them), and seeding again changes nothing', async () => {
    const path = join(dir, 'clinica.sqlite')
    const db = openDatabase(path)
    await seedDatabase(db, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
    db.close()
    const first = snapshot(path)
    expect(first.hospitals.map((row) => (row as { tenant: string }).tenant)).toEqual([
      'clinica-norte',
      'clinica-sol',
      'hospital-central',
    ])
    expect(first.users).toHaveLength(4)

    const again = openDatabase(path)
    await seedDatabase(again, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
    await seedDatabase(again, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
    again.close()
    expect(snapshot(path)).toEqual(first)
  })

  it('keeps edited hospital rows on restart', async () => {
    const path = join(dir, 'clinica.sqlite')
    const db = openDatabase(path)
    await seedDatabase(db, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
    db.prepare('UPDATE hospitals SET nombre = ? WHERE tenant = ?').run('HC', 'hospital-central')
    await seedDatabase(db, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
    const row = db.prepare('SELECT nombre FROM hospitals WHERE tenant = ?').get('hospital-central')
    db.close()
    expect(row).toEqual({ nombre: 'HC' })
  })

  it('keeps the generated token secret across restarts', () => {
    const path = join(dir, 'clinica.sqlite')
    const first = openDatabase(path)
    const secret = getOrCreateTokenSecret(first)
    first.close()
    const second = openDatabase(path)
    expect(getOrCreateTokenSecret(second)).toBe(secret)
    second.close()
    expect(Buffer.from(secret, 'base64url').length).toBe(32)
  })

  it('keeps sessions valid across a restart of the server', async () => {
    const dbPath = join(dir, 'clinica.sqlite')
    const before = await createTestApp({ dbPath })
    const login = await before.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO })
    const { token } = login.json<{ token: string }>()
    await before.close()

    const after = await createTestApp({ dbPath })
    const me = await after.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'x-authorization': `Bearer ${token}` },
    })
    await after.close()
    expect(me.statusCode).toBe(200)
  })

  it('removes demo accounts and their sessions when demo mode is turned off', async () => {
    const dbPath = join(dir, 'clinica.sqlite')
    const demo = await createTestApp({ dbPath, demoMode: true })
    const login = await demo.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO })
    const { token } = login.json<{ token: string }>()
    await demo.close()

    const production = await createTestApp({ dbPath, demoMode: false })
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
    expect(snapshot(dbPath).users).toEqual([])
  })
})
