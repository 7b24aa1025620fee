import type { Kysely, Selectable } from 'kysely'
import type { DatabaseSchema, MensajesTable } from '../database/schema.js'
import type { Rol } from '../../src/contract/accounts.js'
import { MENSAJES_PAGINA } from '../../src/contract/care.js'

type Executor = Kysely<DatabaseSchema>

export type MensajeRow = Selectable<MensajesTable>

/** A message with its author's name and role. */
export interface MensajeView extends MensajeRow {
  autor_nombre: string
  autor_rol: Rol
}

/** The `mensajes` table: a consultation's conversation. */
export interface MensajeRepository {
  /** Inserts unless the id exists; true when this call created it. */
  insert(trx: Executor, row: MensajeRow): Promise<boolean>
  find(id: string): Promise<MensajeView | undefined>
  /**
   * A page of the conversation, oldest first: its newest {@link MENSAJES_PAGINA} messages, or
   * those just before the message `beforeId`.
   */
  list(asistenciaId: string, beforeId?: string): Promise<MensajeView[]>
  /** Messages `autorId` wrote in the consultation since `sinceIso`, inside the caller's transaction. */
  countSince(
    trx: Executor,
    asistenciaId: string,
    autorId: number,
    sinceIso: string,
  ): Promise<number>
}

export function createMensajeRepository(db: Executor): MensajeRepository {
  const views = () =>
    db
      .selectFrom('mensajes')
      .innerJoin('users', 'users.id', 'mensajes.autor_id')
      .selectAll('mensajes')
      .select(['users.nombre as autor_nombre', 'users.rol as autor_rol'])

  return {
    async countSince(trx, asistenciaId, autorId, sinceIso) {
      const row = await trx
        .selectFrom('mensajes')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('asistencia_id', '=', asistenciaId)
        .where('autor_id', '=', autorId)
        .where('creado_en', '>', sinceIso)
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },

    async insert(trx, row) {
      const inserted = await trx
        .insertInto('mensajes')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst()
      return inserted !== undefined
    },

    find: (id) => views().where('mensajes.id', '=', id).executeTakeFirst(),

    async list(asistenciaId, beforeId) {
      let query = views().where('mensajes.asistencia_id', '=', asistenciaId)
      if (beforeId !== undefined) {
        const before = await db
          .selectFrom('mensajes')
          .select(['creado_en', 'id'])
          .where('id', '=', beforeId)
          .where('asistencia_id', '=', asistenciaId)
          .executeTakeFirst()
        // A message of another conversation (or none) names no place in this one.
        if (!before) return []
        query = query.where((eb) =>
          eb.or([
            eb('mensajes.creado_en', '<', before.creado_en),
            eb.and([
              eb('mensajes.creado_en', '=', before.creado_en),
              eb('mensajes.id', '<', before.id),
            ]),
          ]),
        )
      }
      const newestFirst = await query
        .orderBy('mensajes.creado_en', 'desc')
        .orderBy('mensajes.id', 'desc')
        .limit(MENSAJES_PAGINA)
        .execute()
      return newestFirst.reverse()
    },
  }
}
