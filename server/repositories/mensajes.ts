import type { Kysely, Selectable } from 'kysely'
import type { DatabaseSchema, MensajesTable } from '../database/schema.js'
import type { Rol } from '../../src/contract/accounts.js'

type Executor = Kysely<DatabaseSchema>

export type MensajeRow = Selectable<MensajesTable>

/** A message with its author's name and role. */
export interface MensajeView extends MensajeRow {
  autor_nombre: string
  autor_rol: Rol
}

/** Messages one call answers at most, the oldest of them first. */
export const MENSAJES_LIMIT = 1000

/** The `mensajes` table: a consultation's conversation. */
export interface MensajeRepository {
  /** Inserts unless the id exists; true when this call created it. */
  insert(trx: Executor, row: MensajeRow): Promise<boolean>
  find(id: string): Promise<MensajeView | undefined>
  list(asistenciaId: string): Promise<MensajeView[]>
}

export function createMensajeRepository(db: Executor): MensajeRepository {
  const views = () =>
    db
      .selectFrom('mensajes')
      .innerJoin('users', 'users.id', 'mensajes.autor_id')
      .selectAll('mensajes')
      .select(['users.nombre as autor_nombre', 'users.rol as autor_rol'])

  return {
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

    list: (asistenciaId) =>
      views()
        .where('mensajes.asistencia_id', '=', asistenciaId)
        .orderBy('mensajes.creado_en')
        .orderBy('mensajes.id')
        .limit(MENSAJES_LIMIT)
        .execute(),
  }
}
