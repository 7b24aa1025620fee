import type { Migration } from 'kysely'
import { autoIncrementType, type AnyDatabase } from './engine.js'

/**
 * Walk-in tickets called to a room or desk (`llamadas_turno`): what the waiting room's display
 * shows, ticket, room and time only. Read per hospital, newest first.
 */
export const ticketCallsMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('llamadas_turno')
      .addColumn('id', autoIncrementType(db), (column) => column.primaryKey())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('asistencia_id', 'text', (column) => column.notNull())
      .addColumn('ticket', 'text', (column) => column.notNull())
      .addColumn('sala', 'text', (column) => column.notNull())
      .addColumn('llamado_en', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('llamadas_turno_by_tenant')
      .on('llamadas_turno')
      .columns(['tenant', 'id'])
      .execute()
  },
}
