import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * A hospital's short name ("Nombre corto"): what a phone's home screen shows under its icon;
 * '' = shortened from its name.
 */
export const hospitalShortNameMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .alterTable('hospitals')
      .addColumn('nombre_corto', 'text', (column) => column.notNull().defaultTo(''))
      .execute()
  },
}
