/**
 * One data layer: every query goes through Kysely, which sends input as bound parameters on both
 * engines. A static check over the shipped server sources that nothing reaches a driver around
 * it, and a behaviour check that hostile input stays data.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.js'

const SERVER_DIR = join(import.meta.dirname, '..')

function shippedSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : shippedSources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const sources = shippedSources(SERVER_DIR).map((file) => ({
  name: relative(SERVER_DIR, file),
  text: readFileSync(file, 'utf8'),
}))

describe('the data layer', () => {
  it('is the only code that opens a database driver', () => {
    const importers = sources.filter(({ text }) => /from '(?:better-sqlite3|pg)'/.test(text))
    expect(importers.map(({ name }) => name)).toEqual(['database/open.ts'])
  })

  it('is never bypassed with SQL text built at run time', () => {
    const rawSql = sources.filter(({ text }) => /\bsql\s*\.\s*raw\s*\(|\.prepare\s*\(/.test(text))
    // One exception: the migration that rebuilds SQLite's `users` table runs the table's own
    // stored definition (from `sqlite_master`, never from a request) without its unique email.
    expect(rawSql.map(({ name }) => name)).toEqual(['database/migrations/accounts-per-hospital.ts'])
  })
})

describe('hostile input', () => {
  let testApp: TestApp | undefined

  afterEach(async () => {
    await testApp?.close()
    testApp = undefined
  })

  it('is only ever compared as data', async () => {
    testApp = await createTestApp()
    const { app } = testApp
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: "' OR '1'='1", password: "' OR '1'='1", tenant: 'main' },
    })
    expect(signIn.statusCode).toBe(401)
    const listing = await app.inject({ url: '/api/hospitales?tenant=hospital-central' })
    expect(listing.json()).toMatchObject([{ tenant: 'hospital-central' }])
  })
})
