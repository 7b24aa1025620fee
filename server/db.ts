import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
} from 'kysely'
import pg from 'pg'
import { hashPassword, type ScryptParams } from './auth/passwords.js'
import type { DatabaseSchema } from './database-schema.js'
import type { AppDatabase } from './kysely.js'
import { DEMO_CONSULTATIONS, DEMO_USERS, SEED_HOSPITALS } from './seed-data.js'

/** Where the data lives: an embedded SQLite file (one machine) or a PostgreSQL server (several). */
export type DatabaseLocation =
  { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string }

/**
 * How long a write waits for a lock held by another process before it gives up (and the request
 * answers 503). better-sqlite3 waits synchronously, freezing every other request meanwhile, so
 * the wait stays tiny.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 20

/** How long a request waits for a new PostgreSQL connection before answering 503. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000

/**
 * SQLite itself rolls a transaction back when a write fails for a full disk, an I/O error or a
 * lock; Kysely's own rollback then fails with "cannot rollback - no transaction is active" and
 * that error replaces the real one. Rolling back only an open transaction keeps the real error.
 */
class SqliteDriverKeepingErrors extends SqliteDriver {
  readonly #database: Database.Database

  constructor(database: Database.Database) {
    super({ database })
    this.#database = database
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#database.inTransaction) return
    await super.rollbackTransaction(connection)
  }
}

class AppSqliteDialect extends SqliteDialect {
  readonly #database: Database.Database

  constructor(database: Database.Database) {
    super({ database })
    this.#database = database
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingErrors(this.#database)
  }
}

function openSqlite(path: string): AppDatabase {
  const inMemory = path === ':memory:'
  const isNew = !inMemory && !existsSync(path)
  if (!inMemory) mkdirSync(dirname(path), { recursive: true })
  const database = new Database(path)
  // A new file is readable by its owner only: it holds password hashes and the token secret.
  if (isNew) chmodSync(path, 0o600)
  if (!inMemory) database.pragma('journal_mode = WAL')
  database.pragma(`busy_timeout = ${String(SQLITE_BUSY_TIMEOUT_MS)}`)
  return new Kysely<DatabaseSchema>({ dialect: new AppSqliteDialect(database) })
}

function openPostgres(url: string, onConnectionError: (error: Error) => void): AppDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  })
  // A restart, failover or terminated backend makes every connection emit `error`; an `error`
  // event nobody listens to ends the process. Idle connections report through the pool, busy
  // ones through themselves (their query also fails, and its request answers 503); the pool
  // drops a broken connection and opens a new one on the next request.
  pool.on('error', onConnectionError)
  pool.on('connect', (client) => {
    client.on('error', onConnectionError)
  })
  return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) })
}

export interface OpenDatabaseOptions {
  /** Told about a PostgreSQL connection that broke while nobody was using it (to log it). */
  onConnectionError?: (error: Error) => void
}

/**
 * Opens the database (a SQLite file is created with its directory if needed; `:memory:` allowed).
 * The schema is not touched here: run `migrateToLatest` next. `destroy()` closes it.
 */
export function openDatabase(
  location: DatabaseLocation,
  { onConnectionError = () => undefined }: OpenDatabaseOptions = {},
): AppDatabase {
  return location.engine === 'sqlite'
    ? openSqlite(location.path)
    : openPostgres(location.url, onConnectionError)
}

/** The part of a PostgreSQL connection that listens for notifications. */
export interface ListenConnection {
  connect(): Promise<unknown>
  query(text: string): Promise<unknown>
  end(): Promise<void>
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'end', listener: () => void): unknown
  on(
    event: 'notification',
    listener: (message: { channel: string; payload?: string }) => void,
  ): unknown
  removeAllListeners(event?: string): unknown
}

/**
 * A PostgreSQL connection of its own, outside the pool, for LISTEN: a pooled connection would be
 * handed to queries and lose its subscriptions. Not yet connected.
 */
export function openListenConnection(url: string): ListenConnection {
  return new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  })
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
  if (missing.length > 0) await insertDemoUsers(db, missing, scryptParams)
  await seedDemoCare(db)
  await acceptSeedTerms(db)
}

async function insertDemoUsers(
  db: AppDatabase,
  missing: readonly (typeof DEMO_USERS)[number][],
  scryptParams: ScryptParams | undefined,
) {
  // Hash only what is missing: scrypt is deliberately slow and restarts should stay fast.
  const rows = await Promise.all(
    missing.map(async (user) => ({
      email: user.email,
      password_hash: await hashPassword(user.password, scryptParams),
      nombre: user.nombre,
      rol: user.rol,
      tenant: user.tenant,
      especialidad: user.especialidad ?? null,
      is_demo: 1,
    })),
  )
  await db
    .insertInto('users')
    .values(rows)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute()
}

/** Demo patients have accepted their hospital's first terms, so the demo starts ready to use. */
async function acceptSeedTerms(db: AppDatabase) {
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

/**
 * The demo professionals' specialties (accounts made before specialties existed get theirs) and
 * the demo patient's past consultations, each inserted once.
 */
async function seedDemoCare(db: AppDatabase) {
  for (const user of DEMO_USERS) {
    if (user.especialidad === undefined) continue
    await db
      .updateTable('users')
      .set({ especialidad: user.especialidad })
      .where('email', '=', user.email)
      .where('especialidad', 'is', null)
      .execute()
  }
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'email', 'tenant'])
    .where(
      'email',
      'in',
      DEMO_CONSULTATIONS.flatMap((consultation) => [
        consultation.paciente,
        consultation.profesional,
      ]),
    )
    .execute()
  const byEmail = new Map(accounts.map((account) => [account.email, account]))
  const day = 24 * 60 * 60 * 1000
  const rows = DEMO_CONSULTATIONS.flatMap((consultation) => {
    const patient = byEmail.get(consultation.paciente)
    const professional = byEmail.get(consultation.profesional)
    if (!patient || !professional) return []
    const created = Date.now() - consultation.diasAntes * day
    const at = (minutes: number) => new Date(created + minutes * 60_000).toISOString()
    return [
      {
        id: consultation.id,
        tenant: patient.tenant,
        estado: 'finalizada' as const,
        origen: 'paciente',
        motivo: consultation.motivo,
        especialidad: consultation.especialidad,
        paciente_id: patient.id,
        profesional_id: professional.id,
        creada_en: at(0),
        atendida_en: at(6),
        cerrada_en: at(24),
        caduca_en: at(30),
        resumen: consultation.resumen,
        puntuacion: consultation.puntuacion,
        comentario: null,
        ticket: null,
        derivada_de: null,
      },
    ]
  })
  if (rows.length === 0) return
  await db
    .insertInto('asistencias')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
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
