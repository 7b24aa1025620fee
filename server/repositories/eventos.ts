import type { Kysely } from 'kysely'
import type { DatabaseSchema } from '../database/schema.js'
import { notifyEventLog, serializeEventLog } from '../database/engine.js'

type Executor = Kysely<DatabaseSchema>

/** One entry of a hospital's live event log. */
export interface EventoRow {
  id: number
  tenant: string
  tipo: string
  asistencia_id: string | null
  ref: string | null
  creado_en: string
}

export interface NewEvento {
  tenant: string
  tipo: string
  asistencia_id: string | null
  ref: string | null
}

/** The `eventos` table: the ordered, persisted log every live stream reads. */
export interface EventoRepository {
  /** Appends inside the caller's transaction (the change and its event commit together). */
  append(trx: Executor, evento: NewEvento): Promise<number>
  /** The tenant's events after `afterId`, oldest first, at most `limit`. */
  listAfter(tenant: string, afterId: number, limit: number): Promise<EventoRow[]>
  /**
   * Newest and oldest ids kept for the tenant (undefined when its log is empty): each read from
   * an end of the `(tenant, id)` index, so a resume costs the same whatever the log holds.
   */
  bounds(tenant: string): Promise<{ oldest: number; newest: number } | undefined>
  /**
   * Forgets up to `batch` events older than `beforeIso`, walking the log by id from its start
   * after `afterId`; each hospital's newest event stays (it marks where the hospital's log stands,
   * so a stream that saw it resumes without a restart). Returns how many it deleted and where the
   * next batch starts, or `done` when it reached events that are still recent.
   */
  pruneBatch(
    beforeIso: string,
    batch: number,
    afterId: number,
  ): Promise<{ deleted: number; nextAfterId: number; done: boolean }>
}

export function createEventoRepository(db: Executor, now: () => number): EventoRepository {
  return {
    async append(trx, evento) {
      await serializeEventLog(trx, evento.tenant)
      const { id } = await trx
        .insertInto('eventos')
        .values({ ...evento, creado_en: new Date(now()).toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
      await notifyEventLog(trx, evento.tenant, id)
      return id
    },

    listAfter: (tenant, afterId, limit) =>
      db
        .selectFrom('eventos')
        .selectAll()
        .where('tenant', '=', tenant)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),

    async bounds(tenant) {
      const end = (direction: 'asc' | 'desc') =>
        db
          .selectFrom('eventos')
          .select('id')
          .where('tenant', '=', tenant)
          .orderBy('id', direction)
          .limit(1)
          .executeTakeFirst()
      const [oldest, newest] = await Promise.all([end('asc'), end('desc')])
      if (!oldest || !newest) return undefined
      return { oldest: oldest.id, newest: newest.id }
    },

    async pruneBatch(beforeIso, batch, afterId) {
      const rows = await db
        .selectFrom('eventos')
        .select(['id', 'creado_en'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(batch)
        .execute()
      const old = rows.filter((row) => row.creado_en < beforeIso)
      const last = old.at(-1)
      if (!last) return { deleted: 0, nextAfterId: afterId, done: true }
      const result = await db
        .deleteFrom('eventos as gone')
        .where('gone.id', '>', afterId)
        .where('gone.id', '<=', last.id)
        .where('gone.creado_en', '<', beforeIso)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('eventos as newer')
              .select('newer.id')
              .whereRef('newer.tenant', '=', 'gone.tenant')
              .whereRef('newer.id', '>', 'gone.id'),
          ),
        )
        .executeTakeFirst()
      return {
        deleted: Number(result.numDeletedRows),
        nextAfterId: last.id,
        done: old.length < rows.length || rows.length < batch,
      }
    },
  }
}
