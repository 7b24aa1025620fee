import type { Kysely } from 'kysely'
import type { DatabaseSchema } from '../database/schema.js'

type Executor = Kysely<DatabaseSchema>

/**
 * The `presencia` table: one row per professional's open queue stream, on any instance, kept
 * alive by its heartbeats. A professional is available while one of their rows is unexpired; an
 * instance that dies leaves rows that simply expire.
 */
export interface PresenciaRepository {
  /** Records these connections (one statement). */
  open(
    trx: Executor,
    rows: readonly { conexion: string; user_id: number; tenant: string; expira_en: string }[],
  ): Promise<void>
  /** Pushes back the expiry of these connections. */
  refresh(conexiones: readonly string[], expiraEn: string): Promise<void>
  /** Forgets these connections (one statement). */
  close(trx: Executor, conexiones: readonly string[]): Promise<void>
  /** Which of these users are available at `at` (one query). */
  availableAmong(userIds: readonly number[], at: string, trx?: Executor): Promise<Set<number>>
  /** Ids of the hospital's professionals available at `at`. */
  available(tenant: string, at: string): Promise<Set<number>>
  /** Deletes expired rows; returns the users and hospitals they belonged to. */
  purgeExpired(trx: Executor, at: string): Promise<{ user_id: number; tenant: string }[]>
}

export function createPresenciaRepository(db: Executor): PresenciaRepository {
  return {
    async open(trx, rows) {
      if (rows.length === 0) return
      await trx.insertInto('presencia').values(rows).execute()
    },

    async refresh(conexiones, expiraEn) {
      if (conexiones.length === 0) return
      await db
        .updateTable('presencia')
        .set({ expira_en: expiraEn })
        .where('conexion', 'in', conexiones)
        .execute()
    },

    async close(trx, conexiones) {
      if (conexiones.length === 0) return
      await trx.deleteFrom('presencia').where('conexion', 'in', conexiones).execute()
    },

    async availableAmong(userIds, at, trx = db) {
      if (userIds.length === 0) return new Set()
      const rows = await trx
        .selectFrom('presencia')
        .select('user_id')
        .distinct()
        .where('user_id', 'in', userIds)
        .where('expira_en', '>', at)
        .execute()
      return new Set(rows.map((row) => row.user_id))
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
