import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * A hospital's time zone (IANA name), in which its days are counted: today's figures, the
 * walk-in tickets' daily numbering. Spain's mainland by default (the Canary Islands are an hour
 * behind and set their own).
 */
export const hospitalTimeZoneMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .alterTable('hospitals')
      .addColumn('zona_horaria', 'text', (column) => column.notNull().defaultTo('Europe/Madrid'))
      .execute()
  },
}
