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
import type { AppDatabase, DatabaseSchema } from './schema.js'

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

/** PostgreSQL connections one instance holds at most (the pool's size). */
export const POSTGRES_POOL_SIZE = 10

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
    max: POSTGRES_POOL_SIZE,
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
