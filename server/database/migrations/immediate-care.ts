import type { Migration } from 'kysely'
import { DEFAULT_CADUCIDAD_INMEDIATA_MINUTOS } from '../../../src/contract/immediate-care.js'
import type { AnyDatabase } from './engine.js'

/**
 * Immediate care without an account and kiosk walk-ins: the hospital's own limit for an immediate
 * request to be taken, the end of a guest account's session, the contact a person without an
 * account left, and each hospital's daily walk-in ticket counter.
 */
export const immediateCareMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .alterTable('hospitals')
      .addColumn('caducidad_inmediata_minutos', 'integer', (column) =>
        column.notNull().defaultTo(DEFAULT_CADUCIDAD_INMEDIATA_MINUTOS),
      )
      .execute()
    // Set on a guest account only (ISO 8601, UTC): its session ends then, or when its
    // consultation ends, whichever comes first.
    await db.schema.alterTable('users').addColumn('invitado_hasta', 'text').execute()
    await db.schema.alterTable('asistencias').addColumn('contacto', 'text').execute()
    await db.schema
      .createTable('tickets_diarios')
      .addColumn('tenant', 'text', (column) => column.notNull())
      // The day in the hospital's country (YYYY-MM-DD): numbering starts again each morning.
      .addColumn('dia', 'text', (column) => column.notNull())
      .addColumn('ultimo', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('tickets_diarios_pk', ['tenant', 'dia'])
      .execute()
  },
}
