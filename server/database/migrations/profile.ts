import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * The profile: when a patient closed their account (`users.cerrada_en`; its clinical rows stay
 * and are shown as "Cuenta cerrada"), and what an emailed link carries besides its account
 * (`email_links.dato`: the new address an email change is confirmed for); and the audit log read
 * by request, for "Quién ha consultado mis datos".
 */
export const profileMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema.alterTable('users').addColumn('cerrada_en', 'text').execute()
    await db.schema.alterTable('email_links').addColumn('dato', 'text').execute()
    await db.schema
      .createIndex('audit_log_by_objeto')
      .on('audit_log')
      .columns(['objeto', 'accion'])
      .execute()
  },
}
