import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { hashPassword, type ScryptParams } from './auth/passwords.js'
import type { DatabaseSchema } from './database-schema.js'
import type { AppDatabase } from './kysely.js'
import { DEMO_USERS, SEED_HOSPITALS } from './seed-data.js'

/** Where the data lives: an embedded SQLite file (one machine) or a PostgreSQL server (several). */
export type DatabaseLocation =
  { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string }

function openSqlite(path: string): AppDatabase {
  const inMemory = path === ':memory:'
  const isNew = !inMemory && !existsSync(path)
  if (!inMemory) mkdirSync(dirname(path), { recursive: true })
  const database = new Database(path)
  // A new file is readable by its owner only: it holds password hashes and the token secret.
  if (isNew) chmodSync(path, 0o600)
  if (!inMemory) database.pragma('journal_mode = WAL')
  database.pragma('busy_timeout = 5000')
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) })
}

function openPostgres(url: string): AppDatabase {
  return new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
  })
}

/**
 * Opens the database (a SQLite file is created with its directory if needed; `:memory:` allowed).
 * The schema is not touched here: run `migrateToLatest` next. `destroy()` closes it.
 */
export function openDatabase(location: DatabaseLocation): AppDatabase {
  return location.engine === 'sqlite' ? openSqlite(location.path) : openPostgres(location.url)
}

export interface SeedOptions {
  demoMode: boolean
  scryptParams?: ScryptParams
}

/**
 * Inserts the demo hospitals (never overwriting edited rows) and, in demo mode, the demo
 * accounts; outside demo mode it deletes every demo account. Safe to run on every start, and on
 * several instances starting at once (every insert gives way to a row already there).
 */
export async function seedDatabase(db: AppDatabase, { demoMode, scryptParams }: SeedOptions) {
  await db
    .insertInto('hospitals')
    .values(SEED_HOSPITALS.map((hospital) => ({ ...hospital })))
    .onConflict((conflict) => conflict.column('tenant').doNothing())
    .execute()
  // A first version of each seeded hospital's terms, which its admins can replace.
  await db
    .insertInto('terms')
    .values(
      SEED_HOSPITALS.map((hospital) => ({
        tenant: hospital.tenant,
        version: 1,
        texto: seedTermsText(hospital.nombre),
        publicado_en: SEED_TERMS_DATE,
      })),
    )
    .onConflict((conflict) => conflict.columns(['tenant', 'version']).doNothing())
    .execute()

  if (!demoMode) {
    await db.deleteFrom('users').where('is_demo', '=', 1).execute()
    return
  }

  const existing = await db
    .selectFrom('users')
    .select('email')
    .where(
      'email',
      'in',
      DEMO_USERS.map((user) => user.email),
    )
    .execute()
  const taken = new Set(existing.map((row) => row.email))
  const missing = DEMO_USERS.filter((user) => !taken.has(user.email))
  if (missing.length > 0) {
    // Hash only what is missing: scrypt is deliberately slow and restarts should stay fast.
    const rows = await Promise.all(
      missing.map(async (user) => ({
        email: user.email,
        password_hash: await hashPassword(user.password, scryptParams),
        nombre: user.nombre,
        rol: user.rol,
        tenant: user.tenant,
        is_demo: 1,
      })),
    )
    await db
      .insertInto('users')
      .values(rows)
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute()
  }
  // Demo patients have accepted their hospital's first terms, so the demo starts ready to use.
  const patients = await db
    .selectFrom('users')
    .select(['id', 'tenant'])
    .where('is_demo', '=', 1)
    .where('rol', '=', 'cliente')
    .execute()
  if (patients.length === 0) return
  await db
    .insertInto('terms_acceptances')
    .values(
      patients.map((patient) => ({
        user_id: patient.id,
        tenant: patient.tenant,
        version: 1,
        aceptado_en: SEED_TERMS_DATE,
      })),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'tenant', 'version']).doNothing())
    .execute()
}

const SEED_TERMS_DATE = '2026-01-01T00:00:00.000Z'

function seedTermsText(nombre: string): string {
  return [
    `Estos términos regulan el uso de la aplicación de ${nombre} para pedir y recibir atención.`,
    'Los datos que facilites se usan solo para atenderte y se tratan según la normativa de protección de datos.',
    'La atención a distancia no sustituye a una urgencia: si tu vida corre peligro, llama al 112.',
    'Te comprometes a dar información veraz y a usar el servicio con respeto hacia los profesionales.',
  ].join('\n\n')
}

const TOKEN_SECRET_KEY = 'token_secret'

/**
 * The token secret kept in `settings`, generated on first use so tokens survive restarts. Of
 * several instances starting together, the first to write wins and all read that one.
 */
export async function getOrCreateTokenSecret(db: AppDatabase): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: TOKEN_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute()
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', TOKEN_SECRET_KEY)
    .executeTakeFirst()
  if (!row) throw new Error('The token secret could not be stored.')
  return row.value
}
