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
  /** Newest and oldest ids kept for the tenant (undefined when its log is empty). */
  bounds(tenant: string): Promise<{ oldest: number; newest: number } | undefined>
  /** Forgets events older than `beforeIso`; returns how many. */
  pruneBefore(beforeIso: string): Promise<number>
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
      const row = await db
        .selectFrom('eventos')
        .select((eb) => [
          eb.fn.min<number | string | null>('id').as('oldest'),
          eb.fn.max<number | string | null>('id').as('newest'),
        ])
        .where('tenant', '=', tenant)
        .executeTakeFirst()
      if (row?.oldest == null || row.newest == null) return undefined
      return { oldest: Number(row.oldest), newest: Number(row.newest) }
    },

    async pruneBefore(beforeIso) {
      const result = await db
        .deleteFrom('eventos')
        .where('creado_en', '<', beforeIso)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
