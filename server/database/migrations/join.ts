import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * People join on their own: an account can wait for its email to be confirmed, single-use links are sent by email (kept only as hashes), and each
 * hospital publishes versioned terms whose acceptance is recorded.
 */
export const joinMigration: Migration = {
  async up(db: AnyDatabase) {
    // Every account made before this migration was made by an administrator: confirmed.
    await db.schema
      .alterTable('users')
      .addColumn('confirmado', 'integer', (column) => column.notNull().defaultTo(1))
      .execute()
    await db.schema
      .createTable('email_links')
      .addColumn('code_hash', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'integer', (column) => column.notNull())
      .addColumn('proposito', 'text', (column) => column.notNull())
      .addColumn('caduca_en', 'text', (column) => column.notNull())
      .addColumn('usado_en', 'text')
      .execute()
    await db.schema
      .createIndex('email_links_by_user')
      .on('email_links')
      .columns(['user_id', 'proposito'])
      .execute()
    await db.schema
      .createTable('terms')
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('version', 'integer', (column) => column.notNull())
      .addColumn('texto', 'text', (column) => column.notNull())
      .addColumn('publicado_en', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('terms_pkey', ['tenant', 'version'])
      .execute()
    await db.schema
      .createTable('terms_acceptances')
      .addColumn('user_id', 'integer', (column) => column.notNull())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('version', 'integer', (column) => column.notNull())
      .addColumn('aceptado_en', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('terms_acceptances_pkey', ['user_id', 'tenant', 'version'])
      .execute()
  },
}
