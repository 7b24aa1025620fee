/**
 * What the running app needs to know of the database engine: whether it is PostgreSQL (several
 * instances may share it), the schema it works in, and the event log's turn-taking and wake-up
 * across instances, and claiming rows no other instance holds. Repositories never ask which engine
 * runs; these helpers do it for them.
 */
import { PostgresAdapter, sql, type QueryExecutorProvider, type SelectQueryBuilder } from 'kysely'

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
