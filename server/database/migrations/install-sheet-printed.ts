import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * When a hospital's administrators first opened its install page to print it (ISO 8601, UTC), a
 * step of the hospital's opening; null until then.
 */
export const installSheetPrintedMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema.alterTable('hospitals').addColumn('instalacion_impresa_en', 'text').execute()
  },
}
