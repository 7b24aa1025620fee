import type { Kysely } from 'kysely'
import type { TipoAviso } from '../../src/contract/push-rules.js'
import { skippingLockedRows } from '../database/engine.js'
import type { DatabaseSchema } from '../database/schema.js'

type Executor = Kysely<DatabaseSchema>

/** An alert for one device, as written with its event. */
export interface NuevoAviso {
  clave: string
  suscripcion_id: number
  tenant: string
  tipo: TipoAviso
  asistencia_id: string
  caduca_en: string
}

/** An alert an instance has claimed and now pushes. */
export interface AvisoReclamado extends NuevoAviso {
  id: number
  creado_en: string
  /** Attempts so far, this one included. */
  intentos: number
}

/** What an event's alerts are decided from: its request as the event left it. */
export interface AvisoAsunto {
  id: string
  tenant: string
  estado: string
  origen: string
  paciente_id: number
  profesional_id: number | null
  derivada_de: string | null
  /** A referral addressed to one professional: theirs. */
  destinatario_id: number | null
  creada_en: string
  atendida_en: string | null
  cerrada_en: string | null
  caduca_en: string
}

/** The `avisos_pendientes` table: alerts waiting to be pushed, each taken by one sender. */
export interface AvisoRepository {
  /** The request an event is about, read inside the event's transaction. */
  findAsunto(trx: Executor, asistenciaId: string): Promise<AvisoAsunto | undefined>
  /** Who wrote a message, inside the event's transaction. */
  findMessageAuthor(trx: Executor, mensajeId: string): Promise<number | undefined>
  /** Writes alerts inside the event's transaction; an alert already written is left as it is. */
  enqueue(trx: Executor, avisos: readonly NuevoAviso[]): Promise<void>
  /**
   * Claims up to `limit` due alerts for this instance until `leaseUntil` (no other instance takes
   * them meanwhile; if this one stops, they come due again then). Alerts past their time are
   * given up first.
   */
  claim(nowIso: string, leaseUntil: string, limit: number): Promise<AvisoReclamado[]>
  /** Delivered, or given up: never pushed again, and kept so the same news is not written twice. */
  markDone(id: number, atIso: string): Promise<void>
  /** Pushed again from `atIso` (a retry's backoff). */
  retryFrom(id: number, atIso: string): Promise<void>
  /** Forgets alerts whose time ended before `beforeIso` (none of them can be written again). */
  pruneBefore(beforeIso: string): Promise<number>
}

export function createAvisoRepository(db: Executor, now: () => number): AvisoRepository {
  return {
    findAsunto: (trx, asistenciaId) =>
      trx
        .selectFrom('asistencias')
        // Written in the same transaction as a referral's event, before it.
        .leftJoin('derivaciones', 'derivaciones.asistencia_id', 'asistencias.id')
        .select([
          'asistencias.id',
          'asistencias.tenant',
          'asistencias.estado',
          'asistencias.origen',
          'asistencias.paciente_id',
          'asistencias.profesional_id',
          'asistencias.derivada_de',
          'derivaciones.a_id as destinatario_id',
          'asistencias.creada_en',
          'asistencias.atendida_en',
          'asistencias.cerrada_en',
          'asistencias.caduca_en',
        ])
        .where('asistencias.id', '=', asistenciaId)
        .executeTakeFirst(),

    async findMessageAuthor(trx, mensajeId) {
      const row = await trx
        .selectFrom('mensajes')
        .select('autor_id')
        .where('id', '=', mensajeId)
        .executeTakeFirst()
      return row?.autor_id
    },

    async enqueue(trx, avisos) {
      if (avisos.length === 0) return
      await trx
        .insertInto('avisos_pendientes')
        .values(
          avisos.map((aviso) => ({
            ...aviso,
            creado_en: new Date(now()).toISOString(),
            intentar_desde: '',
          })),
        )
        .onConflict((conflict) => conflict.column('clave').doNothing())
        .execute()
    },

    async claim(nowIso, leaseUntil, limit) {
      await db
        .updateTable('avisos_pendientes')
        .set({ enviado_en: nowIso })
        .where('enviado_en', 'is', null)
        .where('caduca_en', '<=', nowIso)
        .execute()
      const rows = await db
        .updateTable('avisos_pendientes')
        .set((eb) => ({ intentar_desde: leaseUntil, intentos: eb('intentos', '+', 1) }))
        // Checked again on the row itself: a claim that waited for another's lock finds the
        // row leased and leaves it.
        .where('enviado_en', 'is', null)
        .where('intentar_desde', '<=', nowIso)
        .where('id', 'in', (eb) =>
          skippingLockedRows(
            db,
            eb
              .selectFrom('avisos_pendientes')
              .select('id')
              .where('enviado_en', 'is', null)
              .where('intentar_desde', '<=', nowIso)
              .orderBy('id')
              .limit(limit),
          ),
        )
        .returning([
          'id',
          'clave',
          'suscripcion_id',
          'tenant',
          'tipo',
          'asistencia_id',
          'creado_en',
          'caduca_en',
          'intentos',
        ])
        .execute()
      return rows.map((row) => ({ ...row, tipo: row.tipo as TipoAviso }))
    },

    async markDone(id, atIso) {
      await db
        .updateTable('avisos_pendientes')
        .set({ enviado_en: atIso })
        .where('id', '=', id)
        .execute()
    },

    async retryFrom(id, atIso) {
      await db
        .updateTable('avisos_pendientes')
        .set({ intentar_desde: atIso })
        .where('id', '=', id)
        .where('enviado_en', 'is', null)
        .execute()
    },

    async pruneBefore(beforeIso) {
      const result = await db
        .deleteFrom('avisos_pendientes')
        .where('caduca_en', '<', beforeIso)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
