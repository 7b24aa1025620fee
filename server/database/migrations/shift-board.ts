import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * The operations board's actions on a waiting request: the professional an administrator
 * assigned it to (only they take it, as a referral named to them), and the reason given when an
 * administrator closed it (its patient reads it).
 */
export const shiftBoardMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema.alterTable('asistencias').addColumn('asignada_a', 'integer').execute()
    await db.schema.alterTable('asistencias').addColumn('motivo_cierre', 'text').execute()
  },
}
