import { isTenantId } from '../../src/contract/tenants.js'
import type { AdminHospital } from '../../src/contract/hospitals.js'
import type { AppDatabase } from '../kysely.js'
import type { Actor, AuditLog } from './audit-log.js'

/** What a PATCH may change; absent fields stay as they are. */
export type HospitalChanges = Partial<
  Pick<AdminHospital, 'nombre' | 'color_primario' | 'color_secundario' | 'imagen' | 'activo'>
>

export type UpdateOutcome =
  { ok: true; record: AdminHospital } | { ok: false; reason: 'not_found' | 'stale' }

export interface AdminHospitalRepository {
  list(): Promise<AdminHospital[]>
  find(tenant: string): Promise<AdminHospital | undefined>
  /** False when the tenant is taken (by any hospital, disabled ones included). */
  create(actor: Actor, record: Omit<AdminHospital, 'activo'>): Promise<boolean>
  /**
   * Applies `changes` only if the stored record still equals `expected` (compare-and-set in one
   * statement): of two admins saving the same version, the second gets `stale`, never a silent
   * overwrite.
   */
  update(
    actor: Actor,
    expected: AdminHospital,
    changes: HospitalChanges,
    accion: string,
  ): Promise<UpdateOutcome>
}

const COLUMNS = [
  'tenant',
  'nombre',
  'color_primario',
  'color_secundario',
  'imagen',
  'activo',
] as const

function toRecord(row: {
  tenant: string
  nombre: string
  color_primario: string
  color_secundario: string
  imagen: string
  activo: number
}): AdminHospital {
  return { ...row, activo: row.activo === 1 }
}

export function createAdminHospitalRepository(
  db: AppDatabase,
  audit: AuditLog,
): AdminHospitalRepository {
  const find = async (tenant: string) => {
    // Only a valid tenant id can have a record (and PostgreSQL text cannot hold a NUL byte).
    if (!isTenantId(tenant)) return undefined
    const row = await db
      .selectFrom('hospitals')
      .select(COLUMNS)
      .where('tenant', '=', tenant)
      .executeTakeFirst()
    return row && toRecord(row)
  }

  return {
    async list() {
      const rows = await db.selectFrom('hospitals').select(COLUMNS).orderBy('tenant').execute()
      return rows.map(toRecord)
    },

    find,

    async create(actor, record) {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('hospitals')
          .values(record)
          .onConflict((conflict) => conflict.column('tenant').doNothing())
          .executeTakeFirst()
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
        await audit.append(trx, actor, {
          tenant: record.tenant,
          accion: 'hospital.creado',
          objeto: record.tenant,
          antes: null,
          despues: { ...record, activo: true },
        })
        return true
      })
    },

    async update(actor, expected, changes, accion) {
      const next: AdminHospital = { ...expected, ...changes }
      return db.transaction().execute(async (trx): Promise<UpdateOutcome> => {
        const result = await trx
          .updateTable('hospitals')
          .set({ ...changes, activo: next.activo ? 1 : 0 })
          .where('tenant', '=', expected.tenant)
          .where('nombre', '=', expected.nombre)
          .where('color_primario', '=', expected.color_primario)
          .where('color_secundario', '=', expected.color_secundario)
          .where('imagen', '=', expected.imagen)
          .where('activo', '=', expected.activo ? 1 : 0)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) {
          const exists = await trx
            .selectFrom('hospitals')
            .select('tenant')
            .where('tenant', '=', expected.tenant)
            .executeTakeFirst()
          return { ok: false, reason: exists ? 'stale' : 'not_found' }
        }
        await audit.append(trx, actor, {
          tenant: expected.tenant,
          accion,
          objeto: expected.tenant,
          antes: expected,
          despues: next,
        })
        return { ok: true, record: next }
      })
    },
  }
}
