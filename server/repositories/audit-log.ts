import type { Transaction } from 'kysely'
import type { AppDatabase, DatabaseSchema } from '../database/schema.js'
import type { Rol } from '../../src/contract/accounts.js'
import type { AuditEntry } from '../../src/contract/audit.js'

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

export interface AuditLog {
  /** Appends inside the caller's transaction: the change and its entry commit together. */
  append(trx: Transaction<DatabaseSchema>, actor: Actor, change: AuditChange): Promise<void>
  /** Newest first, at most `limit` entries; with `beforeId`, only entries older than that one. */
  listForTenant(tenant: string, limit: number, beforeId?: number): Promise<AuditEntry[]>
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
  }
}
