import type { Migration } from 'kysely'
import { autoIncrementType, type AnyDatabase } from './engine.js'

/**
 * The kiosks a hospital's administrators enrolled (`quioscos`): only the SHA-256 of each kiosk's
 * token is kept; a revoked kiosk keeps its row (and its audit trail) with `revocado_en` set.
 */
export const kiosksMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('quioscos')
      .addColumn('id', autoIncrementType(db), (column) => column.primaryKey())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('nombre', 'text', (column) => column.notNull())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('creado_en', 'text', (column) => column.notNull())
      .addColumn('revocado_en', 'text')
      .execute()
    await db.schema.createIndex('quioscos_by_tenant').on('quioscos').column('tenant').execute()
  },
}
