import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * Referrals between professionals: one row per referred request (its `derivada_de` names the
 * first one), with who referred it, the one professional it is addressed to (null: to a
 * specialty) and the note. Kept beside `asistencias` so requests of any origin can be referred.
 */
export const referralsMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('derivaciones')
      .addColumn('asistencia_id', 'text', (column) => column.primaryKey().notNull())
      .addColumn('por_id', 'integer', (column) => column.notNull())
      .addColumn('a_id', 'integer')
      .addColumn('nota', 'text', (column) => column.notNull())
      .execute()
    await db.schema.createIndex('derivaciones_by_por').on('derivaciones').column('por_id').execute()
    await db.schema.createIndex('derivaciones_by_a').on('derivaciones').column('a_id').execute()
    await db.schema
      .createIndex('asistencias_by_origin')
      .on('asistencias')
      .column('derivada_de')
      .execute()
  },
}
