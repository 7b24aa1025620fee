import { Migrator } from 'kysely'
import { currentPostgresSchema } from './engine.js'
import { MIGRATIONS } from './migrations/registry.js'
import type { AppDatabase } from './schema.js'

/** Brings the schema up to date; throws (the server does not start) when a migration fails. */
export async function migrateToLatest(db: AppDatabase): Promise<void> {
  const migrator = new Migrator({
    db,
    migrationTableSchema: await currentPostgresSchema(db),
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    // A database that already ran `0100-administration` predates `0000-initial` (the original
    // tables were then made outside migrations): the initial migration, idempotent by design,
    // then runs after it and finds everything in place.
    allowUnorderedMigrations: true,
  })
  const { error } = await migrator.migrateToLatest()
  if (error === undefined) return
  throw error instanceof Error ? error : new Error('A database migration failed.', { cause: error })
}
