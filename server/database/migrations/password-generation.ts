import type { Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * The session generation an account reached when its password last changed
 * (`contrasena_generacion`): a token of an older generation ended with that change, so its 401
 * says so ("la contraseña ha cambiado") rather than only that the session is not valid.
 */
export const passwordGenerationMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .alterTable('users')
      .addColumn('contrasena_generacion', 'integer', (column) => column.notNull().defaultTo(0))
      .execute()
  },
}
