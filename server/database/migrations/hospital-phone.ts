import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/** A hospital's contact phone ("Teléfono de contacto"), shown in its screens' footer; '' = none. */
export const hospitalPhoneMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .alterTable('hospitals')
      .addColumn('telefono', 'text', (column) => column.notNull().defaultTo(''))
      .execute()
  },
}
