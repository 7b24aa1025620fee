/**
 * What the running app needs to know of the database engine: whether it is PostgreSQL (several
 * instances may share it), the schema it works in, and the event log's turn-taking and wake-up
 * across instances, and claiming rows no other instance holds. Repositories never ask which engine
 * runs; these helpers do it for them.
 */
import {
  PostgresAdapter,
  sql,
  type Expression,
  type Kysely,
  type QueryExecutorProvider,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely'

/**
 * True on PostgreSQL. Engine differences live here and in the migrations; repositories never
 * ask. (The app asks once: a shared database may mean several instances, see its rate limits.)
 */
export function isPostgres(db: QueryExecutorProvider): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/**
 * The schema PostgreSQL creates tables in (the first of `search_path`); undefined on SQLite. The
 * migrator must be told: it looks for its own tables in every schema, so a deployment in its own
 * schema would otherwise take another schema's bookkeeping for its own.
 */
export async function currentPostgresSchema(
  db: QueryExecutorProvider,
): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)
  return rows[0]?.schema
}

/** The channel on which every instance hears of new live events (PostgreSQL only). */
export const EVENT_CHANNEL = 'clinica_eventos'

/**
 * Makes appends to one hospital's event log take turns until commit (PostgreSQL: a transaction
 * advisory lock; SQLite has a single writer already), so ids commit in increasing order and a
 * reader that has seen id n never later finds a smaller one appear.
 */
export async function serializeEventLog(trx: QueryExecutorProvider, tenant: string) {
  if (!isPostgres(trx)) return
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`eventos:${tenant}`}))`.execute(trx)
}

/**
 * Makes transactions that name the same `key` take turns until commit (PostgreSQL: a transaction
 * advisory lock, so several instances take turns too; SQLite has a single writer already). A
 * check-then-insert under it (a limit counted before the row that would pass it) is atomic.
 */
export async function takeTurns(trx: QueryExecutorProvider, key: string) {
  if (!isPostgres(trx)) return
  await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx)
}

/**
 * Tells every instance, at commit, that `tenant`'s log has grown to `id` (PostgreSQL NOTIFY: the
 * payload stays tiny, readers fetch the rows). On SQLite the one instance wakes itself.
 */
export async function notifyEventLog(trx: QueryExecutorProvider, tenant: string, id: number) {
  if (!isPostgres(trx)) return
  await sql`SELECT pg_notify(${EVENT_CHANNEL}, ${JSON.stringify({ tenant, id })})`.execute(trx)
}

/**
 * Rows of `query` that no other transaction holds, locked until commit (PostgreSQL `FOR UPDATE
 * SKIP LOCKED`: several instances claiming from one table each take different rows). SQLite has a
 * single writer, so the query stands as it is.
 */
export function skippingLockedRows<Query extends SelectQueryBuilder<never, never, unknown>>(
  db: QueryExecutorProvider,
  query: Query,
): Query {
  return isPostgres(db) ? (query.forUpdate().skipLocked() as Query) : query
}

/** SQL for the minutes between two ISO 8601 text columns (or expressions) of the same row. */
export function minutesBetweenSql(
  db: QueryExecutorProvider,
  from: Expression<unknown>,
  to: Expression<unknown>,
): RawBuilder<number | string> {
  // PostgreSQL answers a numeric (a string in node-postgres), SQLite a real.
  return isPostgres(db)
    ? sql<string>`(extract(epoch from (${to}::timestamptz - ${from}::timestamptz)) / 60.0)`
    : sql<number>`((julianday(${to}) - julianday(${from})) * 1440.0)`
}

const runningOnThisProcess = new WeakMap<object, Set<string>>()

/**
 * Runs `task` unless another run of the same `name` holds it, here or (PostgreSQL: a session
 * advisory lock on one pinned connection) on another instance; resolves to undefined when it was
 * skipped. Housekeeping that every instance schedules then runs on one of them at a time.
 */
export async function runExclusively<DB, T>(
  db: Kysely<DB>,
  name: string,
  task: () => Promise<T>,
): Promise<T | undefined> {
  const key = db.getExecutor().adapter
  const running = runningOnThisProcess.get(key) ?? new Set<string>()
  runningOnThisProcess.set(key, running)
  if (running.has(name)) return undefined
  running.add(name)
  try {
    if (!isPostgres(db)) return await task()
    return await db.connection().execute(async (connection) => {
      const { rows } = await sql<{
        locked: boolean
      }>`SELECT pg_try_advisory_lock(hashtext(${name})) AS locked`.execute(connection)
      if (!rows[0]?.locked) return undefined
      try {
        return await task()
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext(${name}))`.execute(connection)
      }
    })
  } finally {
    running.delete(name)
  }
}
