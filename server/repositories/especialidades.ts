import type { Kysely, Transaction } from 'kysely'
import type { AppDatabase, DatabaseSchema } from '../database/schema.js'
import {
  ESPECIALIDADES_POR_CENTRO_MAX,
  isSameSpecialtyName,
  sortSpecialtyNames,
  type Especialidad,
} from '../../src/contract/specialties.js'
import type { Actor, AuditLog } from './audit-log.js'

export type SpecialtyOutcome =
  | { ok: true; especialidad: Especialidad }
  | { ok: false; reason: 'taken' | 'too_many' | 'not_found' }

/** The `especialidades` table: each hospital's list, and each professional's choice from it. */
export interface EspecialidadRepository {
  /** Every specialty of the hospital, retired ones included, by name. */
  list(tenant: string): Promise<Especialidad[]>
  /** The names the hospital offers today (its active specialties), sorted. */
  offered(tenant: string): Promise<string[]>
  add(actor: Actor, tenant: string, nombre: string): Promise<SpecialtyOutcome>
  /**
   * Renames a specialty or retires it (or offers it again). A new name follows the waiting
   * requests that named the old one, so the queues and referrals still match them; records
   * already taken or over keep the name they were made with.
   */
  change(
    actor: Actor,
    tenant: string,
    id: number,
    changes: { nombre?: string; activa?: boolean },
  ): Promise<SpecialtyOutcome>
}

function toEspecialidad(row: { id: number; nombre: string; activa: number }): Especialidad {
  return { id: row.id, nombre: row.nombre, activa: row.activa === 1 }
}

/**
 * The active specialties of each of these accounts, sorted: the one read that every answer
 * naming an account's specialties goes through.
 */
export async function specialtiesOfAccounts(
  db: Kysely<DatabaseSchema>,
  ids: readonly number[],
): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>()
  if (ids.length === 0) return found
  const rows = await db
    .selectFrom('cuenta_especialidades')
    .innerJoin('especialidades', 'especialidades.id', 'cuenta_especialidades.especialidad_id')
    .select(['cuenta_especialidades.user_id', 'especialidades.nombre'])
    .where('cuenta_especialidades.user_id', 'in', [...new Set(ids)])
    .where('especialidades.activa', '=', 1)
    .execute()
  for (const row of rows) found.set(row.user_id, [...(found.get(row.user_id) ?? []), row.nombre])
  for (const [id, names] of found) found.set(id, sortSpecialtyNames(names))
  return found
}

/**
 * The ids of the hospital's active specialties these names are, in the caller's transaction;
 * null when any name is not one of them.
 */
export async function activeSpecialtyIds(
  trx: Kysely<DatabaseSchema>,
  tenant: string,
  names: readonly string[],
): Promise<number[] | null> {
  if (names.length === 0) return []
  const active = await trx
    .selectFrom('especialidades')
    .select(['id', 'nombre'])
    .where('tenant', '=', tenant)
    .where('activa', '=', 1)
    .execute()
  const ids = new Set<number>()
  for (const name of names) {
    const match = active.find((row) => isSameSpecialtyName(row.nombre, name))
    if (!match) return null
    ids.add(match.id)
  }
  return [...ids]
}

export function createEspecialidadRepository(
  db: AppDatabase,
  audit: AuditLog,
): EspecialidadRepository {
  async function findTaken(
    trx: Transaction<DatabaseSchema>,
    tenant: string,
    nombre: string,
    exceptId?: number,
  ): Promise<boolean> {
    const rows = await trx
      .selectFrom('especialidades')
      .select(['id', 'nombre'])
      .where('tenant', '=', tenant)
      .execute()
    return rows.some((row) => row.id !== exceptId && isSameSpecialtyName(row.nombre, nombre))
  }

  async function insertOnce(
    trx: Transaction<DatabaseSchema>,
    tenant: string,
    nombre: string,
  ): Promise<Especialidad | undefined> {
    // The unique index settles a race between two admins adding the same name.
    const row = await trx
      .insertInto('especialidades')
      .values({ tenant, nombre })
      .onConflict((conflict) => conflict.doNothing())
      .returning(['id', 'nombre', 'activa'])
      .executeTakeFirst()
    return row && toEspecialidad(row)
  }

  return {
    async list(tenant) {
      const rows = await db
        .selectFrom('especialidades')
        .select(['id', 'nombre', 'activa'])
        .where('tenant', '=', tenant)
        .execute()
      const byName = new Map(rows.map((row) => [row.nombre, row]))
      return sortSpecialtyNames(byName.keys()).flatMap((name) => {
        const row = byName.get(name)
        return row ? [toEspecialidad(row)] : []
      })
    },

    async offered(tenant) {
      const rows = await db
        .selectFrom('especialidades')
        .select('nombre')
        .where('tenant', '=', tenant)
        .where('activa', '=', 1)
        .execute()
      return sortSpecialtyNames(rows.map((row) => row.nombre))
    },

    add(actor, tenant, nombre) {
      return db.transaction().execute(async (trx): Promise<SpecialtyOutcome> => {
        if (await findTaken(trx, tenant, nombre)) return { ok: false, reason: 'taken' }
        const { count } = await trx
          .selectFrom('especialidades')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('tenant', '=', tenant)
          .executeTakeFirstOrThrow()
        if (Number(count) >= ESPECIALIDADES_POR_CENTRO_MAX) return { ok: false, reason: 'too_many' }
        const created = await insertOnce(trx, tenant, nombre)
        if (!created) return { ok: false, reason: 'taken' }
        await audit.append(trx, actor, {
          tenant,
          accion: 'especialidad.creada',
          objeto: created.nombre,
          antes: null,
          despues: created,
        })
        return { ok: true, especialidad: created }
      })
    },

    change(actor, tenant, id, changes) {
      return db.transaction().execute(async (trx): Promise<SpecialtyOutcome> => {
        const row = await trx
          .selectFrom('especialidades')
          .select(['id', 'nombre', 'activa'])
          .where('tenant', '=', tenant)
          .where('id', '=', id)
          .executeTakeFirst()
        if (!row) return { ok: false, reason: 'not_found' }
        const before = toEspecialidad(row)
        const after: Especialidad = {
          id,
          nombre: changes.nombre ?? before.nombre,
          activa: changes.activa ?? before.activa,
        }
        // Nothing changes: nothing to write or audit.
        if (after.nombre === before.nombre && after.activa === before.activa) {
          return { ok: true, especialidad: before }
        }
        if (after.nombre !== before.nombre) {
          if (await findTaken(trx, tenant, after.nombre, id)) return { ok: false, reason: 'taken' }
          await trx
            .updateTable('asistencias')
            .set({ especialidad: after.nombre })
            .where('tenant', '=', tenant)
            .where('estado', '=', 'en_espera')
            .where('especialidad', '=', before.nombre)
            .execute()
        }
        await trx
          .updateTable('especialidades')
          .set({ nombre: after.nombre, activa: after.activa ? 1 : 0 })
          .where('id', '=', id)
          .execute()
        await audit.append(trx, actor, {
          tenant,
          accion:
            after.activa === before.activa
              ? 'especialidad.renombrada'
              : after.activa
                ? 'especialidad.recuperada'
                : 'especialidad.retirada',
          objeto: after.nombre,
          antes: before,
          despues: after,
        })
        return { ok: true, especialidad: after }
      })
    },
  }
}
