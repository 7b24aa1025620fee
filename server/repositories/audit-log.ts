import type { Transaction } from 'kysely'
import type { AppDatabase, DatabaseSchema } from '../database/schema.js'
import type { Rol } from '../../src/contract/accounts.js'
import type { AuditEntry } from '../../src/contract/audit.js'
import type { LecturaDeMisDatos } from '../../src/contract/profile.js'

/** Who made a change: the signed-in account, as the audit log names it. */
export interface Actor {
  id: number
  email: string
  tenant: string
  rol: Rol
}

/** What changed, before and after; records must never hold a password hash or an access code. */
export interface AuditChange {
  tenant: string
  accion: string
  objeto: string
  antes: object | null
  despues: object | null
}

export type { AuditEntry }

/** The entry a staff member's read of a patient's request leaves (pruned after its retention). */
export const STAFF_READ_ACTION = 'asistencia.consultada'

export interface AuditLog {
  /** Appends inside the caller's transaction: the change and its entry commit together. */
  append(trx: Transaction<DatabaseSchema>, actor: Actor, change: AuditChange): Promise<void>
  /** Newest first, at most `limit` entries; with `beforeId`, only entries older than that one. */
  listForTenant(tenant: string, limit: number, beforeId?: number): Promise<AuditEntry[]>
  /**
   * "Quién ha consultado mis datos": the staff's reads of the patient's requests, one line per
   * staff member and request (first and last read, how many), the latest read first, at most
   * `limit`. The patient's own reads are never audited, so never listed.
   */
  staffReadsOfPatient(pacienteId: number, limit: number): Promise<LecturaDeMisDatos[]>
  /**
   * Deletes up to `batch` staff-read entries older than `beforeIso`, walking them by id after
   * `afterId`; `done` once it reaches recent ones. Administrative changes are never pruned.
   */
  pruneStaffReads(
    beforeIso: string,
    batch: number,
    afterId: number,
  ): Promise<{ deleted: number; nextAfterId: number; done: boolean }>
}

export function createAuditLog(db: AppDatabase, now: () => number): AuditLog {
  return {
    async append(trx, actor, change) {
      await trx
        .insertInto('audit_log')
        .values({
          tenant: change.tenant,
          actor_id: actor.id,
          actor_email: actor.email,
          accion: change.accion,
          objeto: change.objeto,
          antes: change.antes === null ? null : JSON.stringify(change.antes),
          despues: change.despues === null ? null : JSON.stringify(change.despues),
          creado_en: new Date(now()).toISOString(),
        })
        .execute()
    },

    async listForTenant(tenant, limit, beforeId) {
      let query = db.selectFrom('audit_log').selectAll().where('tenant', '=', tenant)
      if (beforeId !== undefined) query = query.where('id', '<', beforeId)
      const rows = await query.orderBy('id', 'desc').limit(limit).execute()
      return rows.map((row) => ({
        id: row.id,
        tenant: row.tenant,
        autor: row.actor_email,
        accion: row.accion,
        objeto: row.objeto,
        antes: row.antes === null ? null : (JSON.parse(row.antes) as unknown),
        despues: row.despues === null ? null : (JSON.parse(row.despues) as unknown),
        fecha: row.creado_en,
      }))
    },

    async staffReadsOfPatient(pacienteId, limit) {
      const rows = await db
        .selectFrom('audit_log')
        .innerJoin('asistencias', 'asistencias.id', 'audit_log.objeto')
        .innerJoin('users as staff', 'staff.id', 'audit_log.actor_id')
        .select((eb) => [
          'audit_log.actor_id',
          'staff.nombre',
          'staff.rol',
          'asistencias.id',
          'asistencias.motivo',
          'asistencias.creada_en',
          eb.fn.min('audit_log.creado_en').as('primera'),
          eb.fn.max('audit_log.creado_en').as('ultima'),
          eb.fn.countAll<number | string>().as('veces'),
        ])
        .where('audit_log.accion', '=', STAFF_READ_ACTION)
        .where('asistencias.paciente_id', '=', pacienteId)
        // Of the request's own hospital only: an entry of another hospital names nothing here.
        .whereRef('audit_log.tenant', '=', 'asistencias.tenant')
        .groupBy([
          'audit_log.actor_id',
          'staff.nombre',
          'staff.rol',
          'asistencias.id',
          'asistencias.motivo',
          'asistencias.creada_en',
        ])
        .orderBy('ultima', 'desc')
        .orderBy('asistencias.id')
        .limit(limit)
        .execute()
      return rows.map((row) => ({
        profesional: { nombre: row.nombre, rol: row.rol },
        asistencia: { id: row.id, motivo: row.motivo, creada_en: row.creada_en },
        primera: row.primera,
        ultima: row.ultima,
        veces: Number(row.veces),
      }))
    },

    async pruneStaffReads(beforeIso, batch, afterId) {
      const rows = await db
        .selectFrom('audit_log')
        .select(['id', 'creado_en'])
        .where('accion', '=', STAFF_READ_ACTION)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(batch)
        .execute()
      const old = rows.filter((row) => row.creado_en < beforeIso)
      const last = old.at(-1)
      if (!last) return { deleted: 0, nextAfterId: afterId, done: true }
      const result = await db
        .deleteFrom('audit_log')
        .where('accion', '=', STAFF_READ_ACTION)
        .where('id', '>', afterId)
        .where('id', '<=', last.id)
        .where('creado_en', '<', beforeIso)
        .executeTakeFirst()
      return {
        deleted: Number(result.numDeletedRows),
        nextAfterId: last.id,
        done: old.length < rows.length || rows.length < batch,
      }
    },
  }
}
