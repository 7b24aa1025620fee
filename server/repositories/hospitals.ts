import { AdminHospital, HospitalPublico, type NuevoHospital } from '../../src/contract/hospitals.js'
import { isTenantId } from '../../src/contract/tenants.js'
import type { Transaction } from 'kysely'
import type { AppDatabase, DatabaseSchema } from '../database/schema.js'
import type { SessionEnds } from '../database/session-ends.js'
import type { Actor, AuditLog } from './audit-log.js'

// Only the public fields, as the contract lists them: a new column never leaks by itself.
const PUBLIC_COLUMNS = Object.keys(HospitalPublico.properties) as (keyof HospitalPublico)[]

/** The enabled hospitals, as the public answers show them. */
export interface PublicHospitals {
  findByTenant(tenant: string): Promise<HospitalPublico | undefined>
  /** Minutes a request may wait in this hospital before it expires. */
  findCaducidadMinutos(tenant: string): Promise<number | undefined>
  /** Minutes an immediate request (no account, or a walk-in) may wait before it expires. */
  findImmediateLimitMinutes(tenant: string): Promise<number | undefined>
  /** The IANA time zone its days are counted in. */
  findTimeZone(tenant: string): Promise<string | undefined>
}

/** What a PATCH may change; absent fields stay as they are. */
export type HospitalChanges = Partial<Omit<AdminHospital, 'tenant'>>

/** A new hospital's fields; the others start at their columns' defaults. */
export type NewHospitalRecord = NuevoHospital & { imagen: string }

export type UpdateOutcome =
  { ok: true; record: AdminHospital } | { ok: false; reason: 'not_found' | 'stale' }

/** Administration: every hospital, enabled or not, with every field; writes are audited. */
export interface HospitalAdministration {
  list(): Promise<AdminHospital[]>
  find(tenant: string): Promise<AdminHospital | undefined>
  /** The created record; undefined when the tenant is taken (disabled hospitals included). */
  create(actor: Actor, record: NewHospitalRecord): Promise<AdminHospital | undefined>
  /**
   * Applies `changes` only if the stored record still equals `expected` (compare-and-set in one
   * statement): of two admins saving the same version, the second gets `stale`, never a silent
   * overwrite. `alongside` writes what the change needs (a new logo's image) in the same
   * transaction: kept with the change, gone with a stale one.
   */
  update(
    actor: Actor,
    expected: AdminHospital,
    changes: HospitalChanges,
    accion: string,
    alongside?: (trx: Transaction<DatabaseSchema>) => Promise<void>,
  ): Promise<UpdateOutcome>
}

// The record's fields are the contract's: a field added there is read, compared and audited.
const COLUMNS = Object.keys(AdminHospital.properties) as (keyof AdminHospital)[]
const TEXT_COLUMNS = COLUMNS.filter(
  (column): column is Exclude<keyof AdminHospital, 'activo'> => column !== 'activo',
)

function toRecord(row: Omit<AdminHospital, 'activo'> & { activo: number }): AdminHospital {
  return { ...row, activo: row.activo === 1 }
}

function isUnchanged(record: AdminHospital, changes: HospitalChanges): boolean {
  return (Object.keys(changes) as (keyof HospitalChanges)[]).every(
    (field) => changes[field] === record[field],
  )
}

export type HospitalRepository = PublicHospitals & HospitalAdministration

/**
 * The `hospitals` table. `audit` records every administrative write in the same transaction;
 * `sessionEnds` ends its accounts' sessions (and what ends with them) when it is disabled or
 * enabled again.
 */
export function createHospitalRepository(
  db: AppDatabase,
  audit: AuditLog,
  sessionEnds: Pick<SessionEnds<Actor>, 'announce'>,
): HospitalRepository {
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
    // Only a valid tenant id can have a record; anything else (a NUL byte, which PostgreSQL text
    // cannot even hold) is unknown without asking the database.
    findByTenant: async (tenant) =>
      !isTenantId(tenant)
        ? undefined
        : db
            .selectFrom('hospitals')
            .select(PUBLIC_COLUMNS)
            .where('tenant', '=', tenant)
            .where('activo', '=', 1)
            .executeTakeFirst(),

    findCaducidadMinutos: async (tenant) =>
      (
        await db
          .selectFrom('hospitals')
          .select('caducidad_minutos')
          .where('tenant', '=', tenant)
          .executeTakeFirst()
      )?.caducidad_minutos,

    findTimeZone: async (tenant) =>
      (
        await db
          .selectFrom('hospitals')
          .select('zona_horaria')
          .where('tenant', '=', tenant)
          .executeTakeFirst()
      )?.zona_horaria,

    findImmediateLimitMinutes: async (tenant) =>
      (
        await db
          .selectFrom('hospitals')
          .select('caducidad_inmediata_minutos')
          .where('tenant', '=', tenant)
          .executeTakeFirst()
      )?.caducidad_inmediata_minutos,

    async list() {
      const rows = await db.selectFrom('hospitals').select(COLUMNS).orderBy('tenant').execute()
      return rows.map(toRecord)
    },

    find,

    async create(actor, record) {
      return db.transaction().execute(async (trx) => {
        // The stored row, defaults included (a field the request did not carry).
        const inserted = await trx
          .insertInto('hospitals')
          .values(record)
          .onConflict((conflict) => conflict.column('tenant').doNothing())
          .returning(COLUMNS)
          .executeTakeFirst()
        if (!inserted) return undefined
        const created = toRecord(inserted)
        await audit.append(trx, actor, {
          tenant: record.tenant,
          accion: 'hospital.creado',
          objeto: record.tenant,
          antes: null,
          despues: created,
        })
        return created
      })
    },

    async update(actor, expected, changes, accion, alongside) {
      const next: AdminHospital = { ...expected, ...changes }
      // An edit that changes nothing writes nothing: no row, and no audit entry to flood the log.
      if (isUnchanged(expected, changes)) return { ok: true, record: expected }
      return db.transaction().execute(async (trx): Promise<UpdateOutcome> => {
        const result = await trx
          .updateTable('hospitals')
          .set({
            ...changes,
            activo: next.activo ? 1 : 0,
          })
          .where((eb) =>
            eb.and([
              ...TEXT_COLUMNS.map((column) => eb(column, '=', expected[column])),
              eb('activo', '=', expected.activo ? 1 : 0),
            ]),
          )
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) {
          const exists = await trx
            .selectFrom('hospitals')
            .select('tenant')
            .where('tenant', '=', expected.tenant)
            .executeTakeFirst()
          return { ok: false, reason: exists ? 'stale' : 'not_found' }
        }
        // Disabling or enabling again ends every session of the hospital's accounts: tokens
        // issued before it was disabled must not come back to life with it (nor its calls).
        if (next.activo !== expected.activo) {
          await trx
            .updateTable('hospitals')
            .set((eb) => ({ sesion_generacion: eb('sesion_generacion', '+', 1) }))
            .where('tenant', '=', expected.tenant)
            .execute()
          await sessionEnds.announce(trx, { tenant: expected.tenant }, actor)
        }
        await alongside?.(trx)
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
