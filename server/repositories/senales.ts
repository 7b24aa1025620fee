import type { Kysely, Selectable } from 'kysely'
import type { DatabaseSchema, SenalesTable } from '../database/schema.js'

type Executor = Kysely<DatabaseSchema>

export type SenalRow = Selectable<SenalesTable>

/** The `senales` table: each call's signals for one participant, kept while they mean something. */
export interface SenalRepository {
  /** Inserts inside the caller's transaction (the signal and its event commit together). */
  insert(trx: Executor, row: Omit<SenalRow, 'id'>): Promise<number>
  findMany(ids: readonly number[]): Promise<SenalRow[]>
  /** Signals for `destinatarioId` in the call since `sinceIso`: the sender's recent pace. */
  countSince(llamadaId: string, destinatarioId: number, sinceIso: string): Promise<number>
  /** Forgets signals older than `beforeIso`; returns how many. */
  pruneBefore(beforeIso: string): Promise<number>
}

export function createSenalRepository(db: Executor): SenalRepository {
  return {
    async insert(trx, row) {
      const { id } = await trx
        .insertInto('senales')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    },

    findMany: async (ids) =>
      ids.length === 0
        ? []
        : db
            .selectFrom('senales')
            .selectAll()
            .where('id', 'in', [...ids])
            .execute(),

    async countSince(llamadaId, destinatarioId, sinceIso) {
      const row = await db
        .selectFrom('senales')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('llamada_id', '=', llamadaId)
        .where('destinatario_id', '=', destinatarioId)
        .where('creada_en', '>', sinceIso)
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },

    async pruneBefore(beforeIso) {
      const result = await db
        .deleteFrom('senales')
        .where('creada_en', '<', beforeIso)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
