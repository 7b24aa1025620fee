import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely'
import type { SqliteDatabase } from './db.js'
import type { DatabaseSchema } from './database-schema.js'
import { administrationMigration } from './migrations/administration.js'

export type AppDatabase = Kysely<DatabaseSchema>

/** Migrations in the order they run; names sort in that order and never change once shipped. */
const MIGRATIONS: Record<string, Migration> = {
  '0100-administration': administrationMigration,
}

/** Kysely over an open SQLite database; closing it is left to the database's owner. */
export function createKysely(database: SqliteDatabase): AppDatabase {
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) })
}

/** Brings the schema up to date; throws (the server does not start) when a migration fails. */
export async function migrateToLatest(db: AppDatabase): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  })
  const { error } = await migrator.migrateToLatest()
  if (error === undefined) return
  throw error instanceof Error ? error : new Error('A database migration failed.', { cause: error })
}
