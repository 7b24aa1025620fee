import type { Kysely, Selectable } from 'kysely'
import {
  estadosDesde,
  type AccionLlamada,
  type MotivoFinLlamada,
} from '../../src/contract/calls.js'
import type { DatabaseSchema, LlamadasTable } from '../database/schema.js'
import type { SessionEnd } from '../database/session-ends.js'

type Executor = Kysely<DatabaseSchema>

export type LlamadaRow = Selectable<LlamadasTable>

/** Calls one consultation's list answers at most, the newest of them. */
export const LLAMADAS_LIMIT = 200

/** The `llamadas` table: calls inside consultations. */
export interface LlamadaRepository {
  /**
   * Inserts a ringing call unless its id exists or its consultation already has a call that is
   * not over (the partial unique index decides, across instances); true when this call created it.
   */
  insert(trx: Executor, row: LlamadaRow): Promise<boolean>
  find(id: string): Promise<LlamadaRow | undefined>
  findMany(ids: readonly string[]): Promise<LlamadaRow[]>
  /** The consultation's call that is ringing or running, if any. */
  findActive(asistenciaId: string, trx?: Executor): Promise<LlamadaRow | undefined>
  /** The consultation's calls, oldest first. */
  list(asistenciaId: string): Promise<LlamadaRow[]>
  /**
   * Inside `trx`: the calls ringing or running that these sessions' end concerns, those of
   * consultations the accounts take part in (patient or professional), or every one of the
   * hospital.
   */
  listActiveOfSessions(trx: Executor, ended: SessionEnd): Promise<LlamadaRow[]>
  /**
   * Applies `action` to the call if its state allows it now (the contract's transition table; a
   * compare-and-set, so of two concurrent changes one wins). The row after, or undefined.
   */
  apply(
    trx: Executor,
    id: string,
    action: AccionLlamada,
    change: { at: string; motivo?: MotivoFinLlamada },
  ): Promise<LlamadaRow | undefined>
  /** Calls ringing since `ringingBefore` or earlier, or running since `runningBefore` or earlier. */
  listDue(ringingBefore: string, runningBefore: string): Promise<LlamadaRow[]>
}

export function createLlamadaRepository(db: Executor): LlamadaRepository {
  return {
    async insert(trx, row) {
      const inserted = await trx
        .insertInto('llamadas')
        .values(row)
        // No conflict target: the id and the one-active-call index are both kept by DO NOTHING.
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst()
      return inserted !== undefined
    },

    find: (id) => db.selectFrom('llamadas').selectAll().where('id', '=', id).executeTakeFirst(),

    findMany: async (ids) =>
      ids.length === 0
        ? []
        : db
            .selectFrom('llamadas')
            .selectAll()
            .where('id', 'in', [...ids])
            .execute(),

    findActive: (asistenciaId, trx = db) =>
      trx
        .selectFrom('llamadas')
        .selectAll()
        .where('asistencia_id', '=', asistenciaId)
        .where('estado', '<>', 'terminada')
        .executeTakeFirst(),

    list: async (asistenciaId) =>
      (
        await db
          .selectFrom('llamadas')
          .selectAll()
          .where('asistencia_id', '=', asistenciaId)
          .orderBy('creada_en', 'desc')
          .orderBy('id', 'desc')
          .limit(LLAMADAS_LIMIT)
          .execute()
      ).reverse(),

    async listActiveOfSessions(trx, ended) {
      const active = trx
        .selectFrom('llamadas')
        .innerJoin('asistencias', 'asistencias.id', 'llamadas.asistencia_id')
        .selectAll('llamadas')
        .where('llamadas.estado', 'in', estadosDesde('colgar'))
      if ('tenant' in ended) return active.where('llamadas.tenant', '=', ended.tenant).execute()
      const ids = [...ended.cuentas]
      if (ids.length === 0) return []
      return active
        .where((eb) =>
          eb.or([
            eb('asistencias.paciente_id', 'in', ids),
            eb('asistencias.profesional_id', 'in', ids),
          ]),
        )
        .execute()
    },

    async apply(trx, id, action, { at, motivo }) {
      const accepting = action === 'aceptar'
      return trx
        .updateTable('llamadas')
        .set(
          accepting
            ? { estado: 'en_curso', aceptada_en: at }
            : { estado: 'terminada', terminada_en: at, motivo_fin: motivo ?? 'colgada' },
        )
        .where('id', '=', id)
        .where('estado', 'in', estadosDesde(action))
        .returningAll()
        .executeTakeFirst()
    },

    listDue: (ringingBefore, runningBefore) =>
      db
        .selectFrom('llamadas')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('estado', '=', 'sonando'), eb('creada_en', '<=', ringingBefore)]),
            eb.and([eb('estado', '=', 'en_curso'), eb('aceptada_en', '<=', runningBefore)]),
          ]),
        )
        .execute(),
  }
}
