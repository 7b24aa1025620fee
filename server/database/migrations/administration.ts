import type { Migration } from 'kysely'
import { autoIncrementType, bytesType, type AnyDatabase } from './engine.js'

/**
 * Administration from the app: hospitals and accounts can be disabled, every change is audited,
 * access can be reset with a one-time code, and uploaded logos live in the database.
 */
export const administrationMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .alterTable('hospitals')
      .addColumn('activo', 'integer', (column) => column.notNull().defaultTo(1))
      .execute()
    await db.schema
      .alterTable('users')
      .addColumn('activo', 'integer', (column) => column.notNull().defaultTo(1))
      .execute()
    await db.schema
      .createTable('audit_log')
      .addColumn('id', autoIncrementType(db), (column) => column.primaryKey())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('actor_id', 'integer', (column) => column.notNull())
      .addColumn('actor_email', 'text', (column) => column.notNull())
      .addColumn('accion', 'text', (column) => column.notNull())
      .addColumn('objeto', 'text', (column) => column.notNull())
      .addColumn('antes', 'text')
      .addColumn('despues', 'text')
      .addColumn('creado_en', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('audit_log_by_tenant')
      .on('audit_log')
      .columns(['tenant', 'id'])
      .execute()
    await db.schema
      .createTable('access_codes')
      .addColumn('user_id', 'integer', (column) => column.primaryKey())
      .addColumn('code_hash', 'text', (column) => column.notNull())
      .addColumn('caduca_en', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createTable('logo_images')
      .addColumn('hash', 'text', (column) => column.primaryKey())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('png', bytesType(db), (column) => column.notNull())
      .addColumn('creado_en', 'text', (column) => column.notNull())
      .execute()
  },
}
