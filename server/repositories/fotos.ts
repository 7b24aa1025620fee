import type { Kysely, Selectable } from 'kysely'
import type { DatabaseSchema, FotosTable } from '../database/schema.js'

type Executor = Kysely<DatabaseSchema>

export type FotoRow = Selectable<FotosTable>

/** The `fotos` table: a consultation's photos, stored re-encoded. */
export interface FotoRepository {
  insert(trx: Executor, row: FotoRow): Promise<void>
  /** The photo, only if it belongs to that consultation. */
  find(asistenciaId: string, fotoId: string): Promise<FotoRow | undefined>
  /** How many photos the consultation holds, attached to the request or sent in the conversation. */
  count(asistenciaId: string, adjunta: boolean, trx?: Executor): Promise<number>
}

export function createFotoRepository(db: Executor): FotoRepository {
  return {
    async insert(trx, row) {
      await trx.insertInto('fotos').values(row).execute()
    },

    find: (asistenciaId, fotoId) =>
      db
        .selectFrom('fotos')
        .selectAll()
        .where('id', '=', fotoId)
        .where('asistencia_id', '=', asistenciaId)
        .executeTakeFirst(),

    async count(asistenciaId, adjunta, trx = db) {
      const { total } = await trx
        .selectFrom('fotos')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('asistencia_id', '=', asistenciaId)
        .where('adjunta', '=', adjunta ? 1 : 0)
        .executeTakeFirstOrThrow()
      return Number(total)
    },
  }
}
