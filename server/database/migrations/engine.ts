import { sql, type ColumnDataType, type Expression, type Kysely } from 'kysely'
import { isPostgres } from '../engine.js'

// The migrations ask it too; it lives with the running app's engine helpers.
export { isPostgres }

/** Migrations see the database as it was then, not as the app's types say it is now. */
export type AnyDatabase = Kysely<Record<string, never>>

/** An integer key the database numbers itself: SQLite's rowid alias, PostgreSQL's `serial`. */
export function autoIncrementType(db: AnyDatabase): ColumnDataType {
  return isPostgres(db) ? 'serial' : 'integer'
}

/** Raw bytes: `blob` on SQLite, `bytea` on PostgreSQL (both come back as a Buffer). */
export function bytesType(db: AnyDatabase): Expression<unknown> {
  return isPostgres(db) ? sql`bytea` : sql`blob`
}
