import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * The hash of the secret an immediate-care request was first sent with: only a replay carrying
 * the same secret (the first caller, whose answer was lost) gets the guest session again.
 */
export const guestReplaySecretsMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('secretos_invitado')
      .addColumn('asistencia_id', 'text', (column) => column.primaryKey())
      .addColumn('hash', 'text', (column) => column.notNull())
      .execute()
  },
}
