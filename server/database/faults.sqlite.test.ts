/**
 * The SQLite file cannot be written: another process holds its write lock, or the disk is full.
 * Writes answer a quick 503 with Retry-After (never a frozen server or a 500), the health check
 * stays fast, and the real cause is what gets logged.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase } from './open.js'
import type { AppDatabase } from './schema.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }

let dir: string
let testApp: TestApp | undefined
let logLines: string[]

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clinica-faults-'))
  logLines = []
})

afterEach(async () => {
  await testApp?.close()
  testApp = undefined
  rmSync(dir, { recursive: true, force: true })
})

const logger = {
  level: 'warn',
  stream: {
    write: (line: string) => {
      logLines.push(line)
    },
  },
}

async function signIn(app: TestApp['app']): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: PRODUCT_ADMIN,
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ token: string }>().token
}

function createHospital(app: TestApp['app'], token: string, tenant: string) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/hospitales',
    headers: { 'x-authorization': `Bearer ${token}` },
    payload: {
      tenant,
      nombre: `Centro ${tenant}`,
      color_primario: '#0a5a8a',
      color_secundario: '#e6f0f7',
    },
  })
}

/** Another process that takes the file's write lock and keeps it until its stdin closes. */
async function holdWriteLock(path: string): Promise<ChildProcess> {
  const script = `
    const Database = require('better-sqlite3')
    const db = new Database(process.argv[1])
    db.exec('BEGIN IMMEDIATE')
    db.prepare("UPDATE settings SET value = value WHERE key = 'token_secret'").run()
    process.stdout.write('locked\\n')
    process.stdin.on('end', () => { db.exec('ROLLBACK'); db.close(); process.exit(0) })
    process.stdin.resume()
  `
  const child = spawn(process.execPath, ['-e', script, path], { cwd: ROOT })
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => {
      resolve()
    })
    child.once('exit', (code) => {
      reject(new Error(`The lock holder exited (${String(code)})`))
    })
  })
  return child
}

it('answers 503 while another process holds the write lock, and health answers meanwhile', async () => {
  const dbPath = join(dir, 'clinica.sqlite')
  testApp = await createTestApp({ dbPath, logger })
  const { app } = testApp
  const token = await signIn(app)
  const holder = await holdWriteLock(dbPath)
  try {
    // The holder keeps the lock until it is told to let go (below): every answer awaited here
    // came while the lock was held, so none of them waited for it. (How fast: npm run bench:load.)
    const writes = Promise.all(
      ['bloqueo-1', 'bloqueo-2', 'bloqueo-3'].map((tenant) => createHospital(app, token, tenant)),
    )
    const health = await app.inject({ method: 'GET', url: '/api/health' })
    const answers = await writes

    expect(holder.exitCode).toBeNull()
    expect(health.statusCode).toBe(200)
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503)
      expect(answer.headers['retry-after']).toBe('5')
      expect(answer.json()).toMatchObject({ error: 'database_unavailable' })
    }
    expect(logLines.join('')).toContain('database is locked')
  } finally {
    holder.stdin?.end()
    await new Promise((resolve) => holder.once('exit', resolve))
  }
  // The lock is gone: the same write now goes through.
  expect((await createHospital(app, token, 'bloqueo-1')).statusCode).toBe(201)
})

it('answers 503 when the disk is full, and logs the real error', async () => {
  let database: AppDatabase | undefined = openDatabase({
    engine: 'sqlite',
    path: join(dir, 'full.sqlite'),
  })
  try {
    testApp = await createTestApp({ database, logger })
    const { app } = testApp
    const token = await signIn(app)
    // The file may not grow any more: as a full disk, for this connection.
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(database)
    await sql.raw(`pragma max_page_count = ${String(rows[0]?.page_count)}`).execute(database)

    const statuses: number[] = []
    for (let index = 0; index < 200 && !statuses.includes(503); index++) {
      const answer = await createHospital(app, token, `lleno-${String(index)}`)
      statuses.push(answer.statusCode)
      if (answer.statusCode === 503) expect(answer.headers['retry-after']).toBe('5')
    }
    expect(statuses).toContain(503)
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([])
    const log = logLines.join('')
    expect(log).toContain('database or disk is full')
    expect(log).not.toContain('cannot rollback')
  } finally {
    await testApp?.close()
    testApp = undefined
    await database.destroy()
    database = undefined
  }
})

it('keeps the real error of a transaction SQLite already rolled back', async () => {
  const database = openDatabase({ engine: 'sqlite', path: join(dir, 'rollback.sqlite') })
  try {
    await sql`create table filler (value text not null)`.execute(database)
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(database)
    await sql.raw(`pragma max_page_count = ${String(rows[0]?.page_count)}`).execute(database)
    const failing = database.transaction().execute(async (trx) => {
      for (let index = 0; index < 100; index++) {
        await sql`insert into filler values (${'x'.repeat(4000)})`.execute(trx)
      }
    })
    await expect(failing).rejects.toMatchObject({ code: 'SQLITE_FULL' })
  } finally {
    await database.destroy()
  }
})
