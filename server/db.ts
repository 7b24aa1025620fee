import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { hashPassword, type ScryptParams } from './auth/passwords.js'
import { DEMO_USERS, SEED_HOSPITALS } from './seed-data.js'

export type SqliteDatabase = Database.Database

const SCHEMA = `
CREATE TABLE IF NOT EXISTS hospitals (
  tenant TEXT PRIMARY KEY NOT NULL,
  nombre TEXT NOT NULL,
  color_primario TEXT NOT NULL,
  color_secundario TEXT NOT NULL,
  imagen TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  nombre TEXT NOT NULL,
  rol TEXT NOT NULL CHECK (rol IN ('cliente', 'profesional', 'admin')),
  tenant TEXT NOT NULL,
  is_demo INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1))
);
CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
);
`

/**
 * Opens (creating if needed) the SQLite database at `path` (`:memory:` allowed) and creates the
 * schema. A new file is made readable by its owner only: it holds password hashes and the
 * token secret.
 */
export function openDatabase(path: string): SqliteDatabase {
  const inMemory = path === ':memory:'
  const isNew = !inMemory && !existsSync(path)
  if (!inMemory) mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  if (isNew) chmodSync(path, 0o600)
  if (!inMemory) db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  db.exec(SCHEMA)
  return db
}

export interface SeedOptions {
  demoMode: boolean
  scryptParams?: ScryptParams
}

/**
 * Inserts the demo hospitals (never overwriting edited rows) and, in demo mode, the demo
 * accounts; outside demo mode it deletes every demo account. Safe to run on every start.
 */
export async function seedDatabase(db: SqliteDatabase, { demoMode, scryptParams }: SeedOptions) {
  const insertHospital = db.prepare(
    `INSERT INTO hospitals (tenant, nombre, color_primario, color_secundario, imagen)
     VALUES (@tenant, @nombre, @color_primario, @color_secundario, @imagen)
     ON CONFLICT (tenant) DO NOTHING`,
  )
  db.transaction(() => {
    for (const hospital of SEED_HOSPITALS) insertHospital.run(hospital)
  })()

  if (!demoMode) {
    db.prepare('DELETE FROM users WHERE is_demo = 1').run()
    return
  }

  const findUser = db.prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ?')
  const missing = DEMO_USERS.filter((user) => findUser.get(user.email) === undefined)
  // Hash only what is missing: scrypt is deliberately slow and restarts should stay fast.
  const hashes = await Promise.all(missing.map((user) => hashPassword(user.password, scryptParams)))
  const insertUser = db.prepare(
    `INSERT INTO users (email, password_hash, nombre, rol, tenant, is_demo)
     VALUES (?, ?, ?, ?, ?, 1)
     ON CONFLICT (email) DO NOTHING`,
  )
  db.transaction(() => {
    missing.forEach((user, index) => {
      insertUser.run(user.email, hashes[index], user.nombre, user.rol, user.tenant)
    })
  })()
}

const TOKEN_SECRET_KEY = 'token_secret'

/** The token secret kept in `settings`, generated on first use so tokens survive restarts. */
export function getOrCreateTokenSecret(db: SqliteDatabase): string {
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(
    TOKEN_SECRET_KEY,
    randomBytes(32).toString('base64url'),
  )
  const row = db
    .prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?')
    .get(TOKEN_SECRET_KEY)
  if (!row) throw new Error('The token secret could not be stored.')
  return row.value
}
