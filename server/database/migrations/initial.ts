import { sql, type Migration } from 'kysely'
import { autoIncrementType, type AnyDatabase } from './engine.js'

/**
 * The original schema: hospitals, accounts and settings (the token secret). `IF NOT EXISTS`
 * throughout: a SQLite file made before migrations existed already has these tables, with its
 * data, and adopting it must change nothing. Booleans are integers 0/1 on every engine.
 */
export const initialMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('hospitals')
      .ifNotExists()
      .addColumn('tenant', 'text', (column) => column.primaryKey().notNull())
      .addColumn('nombre', 'text', (column) => column.notNull())
      .addColumn('color_primario', 'text', (column) => column.notNull())
      .addColumn('color_secundario', 'text', (column) => column.notNull())
      .addColumn('imagen', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createTable('users')
      .ifNotExists()
      .addColumn('id', autoIncrementType(db), (column) => column.primaryKey())
      .addColumn('email', 'text', (column) => column.notNull().unique())
      .addColumn('password_hash', 'text', (column) => column.notNull())
      .addColumn('nombre', 'text', (column) => column.notNull())
      .addColumn('rol', 'text', (column) =>
        column.notNull().check(sql`rol IN ('cliente', 'profesional', 'admin')`),
      )
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('is_demo', 'integer', (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`is_demo IN (0, 1)`),
      )
      .execute()
    await db.schema
      .createTable('settings')
      .ifNotExists()
      .addColumn('key', 'text', (column) => column.primaryKey().notNull())
      .addColumn('value', 'text', (column) => column.notNull())
      .execute()
  },
}
