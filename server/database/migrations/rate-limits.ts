import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * Sign-in attempt counters shared by every instance on one database: one row per limited key
 * (route and address, or account), its count and when its window ends (ISO 8601, UTC, which
 * sorts as text). The per-address counters of a single instance on SQLite stay in memory; the
 * per-account failures are always kept here.
 */
export const rateLimitsMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('key', 'text', (column) => column.primaryKey().notNull())
      .addColumn('hits', 'integer', (column) => column.notNull())
      .addColumn('resets_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('rate_limit_hits_by_reset')
      .on('rate_limit_hits')
      .column('resets_at')
      .execute()
  },
}
