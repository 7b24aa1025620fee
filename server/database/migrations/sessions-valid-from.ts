import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * When sessions of an account, or of every account of a hospital, start to count (ISO 8601,
 * UTC; null: all of them): a token issued before is refused. Set by a new password and by a
 * hospital being disabled or enabled again, so old tokens never come back to life.
 */
export const sessionsValidFromMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema.alterTable('users').addColumn('sesiones_desde', 'text').execute()
    await db.schema.alterTable('hospitals').addColumn('sesiones_desde', 'text').execute()
  },
}
