import { Migrator, type Kysely, type Migration } from 'kysely'
import type { DatabaseSchema } from './database-schema.js'
import { administrationMigration } from './migrations/administration.js'
import { careMigration } from './migrations/care.js'
import { currentPostgresSchema } from './migrations/engine.js'
import { hospitalPhoneMigration } from './migrations/hospital-phone.js'
import { hospitalShortNameMigration } from './migrations/hospital-short-name.js'
import { immediateCareMigration } from './migrations/immediate-care.js'
import { initialMigration } from './migrations/initial.js'
import { joinMigration } from './migrations/join.js'
import { rateLimitsMigration } from './migrations/rate-limits.js'
import { referralsMigration } from './migrations/referrals.js'
import { sessionsValidFromMigration } from './migrations/sessions-valid-from.js'

export type AppDatabase = Kysely<DatabaseSchema>

/** Migrations in the order they run; names sort in that order and never change once shipped. */
export const MIGRATIONS: Record<string, Migration> = {
  '0000-initial': initialMigration,
  '0100-administration': administrationMigration,
  '0200-rate-limits': rateLimitsMigration,
  '0310-sessions-valid-from': sessionsValidFromMigration,
  '0500-care': careMigration,
  '0600-join': joinMigration,
  '0700-hospital-phone': hospitalPhoneMigration,
  '0710-hospital-short-name': hospitalShortNameMigration,
  '0810-immediate-care': immediateCareMigration,
  '0900-referrals': referralsMigration,
}

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
