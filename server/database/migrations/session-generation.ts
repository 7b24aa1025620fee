import { sql, type Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * Sessions end by generation, not by time: every account and every hospital counts how many
 * times its sessions were ended (`sesion_generacion`), a token carries the sum it was issued
 * under, and any other sum is refused. Whole-second instants could tie with a token issued in
 * the same second; a counter cannot.
 *
 * A row whose sessions had already been ended by time starts at 1, so the tokens issued before
 * this migration (which carry no generation and count as 0) end where they may have been
 * meant to: their holders sign in once more.
 */
export const sessionGenerationMigration: Migration = {
  async up(db: AnyDatabase) {
    for (const table of ['users', 'hospitals']) {
      await db.schema
        .alterTable(table)
        .addColumn('sesion_generacion', 'integer', (column) => column.notNull().defaultTo(0))
        .execute()
      await sql`UPDATE ${sql.table(table)} SET sesion_generacion = 1 WHERE sesiones_desde IS NOT NULL`.execute(
        db,
      )
      await db.schema.alterTable(table).dropColumn('sesiones_desde').execute()
    }
  },
}
