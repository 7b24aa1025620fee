import type { Kysely } from 'kysely'
import type { DatabaseSchema } from '../database/schema.js'

type Executor = Kysely<DatabaseSchema>

/**
 * The `presencia` table: one row per professional's open queue stream, on any instance, kept
 * alive by its heartbeats. A professional is available while one of their rows is unexpired; an
 * instance that dies leaves rows that simply expire.
 */
export interface PresenciaRepository {
  open(
    trx: Executor,
    row: { conexion: string; user_id: number; tenant: string; expira_en: string },
  ): Promise<void>
  /** Pushes back the expiry of these connections. */
  refresh(conexiones: readonly string[], expiraEn: string): Promise<void>
  close(trx: Executor, conexion: string): Promise<void>
  isAvailable(userId: number, at: string, trx?: Executor): Promise<boolean>
  /** Ids of the hospital's professionals available at `at`. */
  available(tenant: string, at: string): Promise<Set<number>>
  /** Deletes expired rows; returns the users and hospitals they belonged to. */
  purgeExpired(trx: Executor, at: string): Promise<{ user_id: number; tenant: string }[]>
}

export function createPresenciaRepository(db: Executor): PresenciaRepository {
  return {
    async open(trx, row) {
      await trx.insertInto('presencia').values(row).execute()
    },

    async refresh(conexiones, expiraEn) {
      if (conexiones.length === 0) return
      await db
        .updateTable('presencia')
        .set({ expira_en: expiraEn })
        .where('conexion', 'in', conexiones)
        .execute()
    },

    async close(trx, conexion) {
      await trx.deleteFrom('presencia').where('conexion', '=', conexion).execute()
    },

    async isAvailable(userId, at, trx = db) {
      const row = await trx
        .selectFrom('presencia')
        .select('conexion')
        .where('user_id', '=', userId)
        .where('expira_en', '>', at)
        .executeTakeFirst()
      return row !== undefined
    },

    async available(tenant, at) {
      const rows = await db
        .selectFrom('presencia')
        .select('user_id')
        .where('tenant', '=', tenant)
        .where('expira_en', '>', at)
        .execute()
      return new Set(rows.map((row) => row.user_id))
    },

    purgeExpired: (trx, at) =>
      trx
        .deleteFrom('presencia')
        .where('expira_en', '<=', at)
        .returning(['user_id', 'tenant'])
        .execute(),
  }
}
