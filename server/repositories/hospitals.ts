import { isTenantId } from '../../src/contract/tenants.js'
import type { AppDatabase } from '../kysely.js'
import type { Hospital } from '../seed-data.js'

/** Read access to the enabled hospitals, as the public answers show them. */
export interface HospitalRepository {
  findByTenant(tenant: string): Promise<Hospital | undefined>
  /** Minutes a request may wait in this hospital before it expires. */
  findCaducidadMinutos(tenant: string): Promise<number | undefined>
}

export function createHospitalRepository(db: AppDatabase): HospitalRepository {
  return {
    // Only a valid tenant id can have a record; anything else (a NUL byte, which PostgreSQL text
    // cannot even hold) is unknown without asking the database.
    findByTenant: async (tenant) =>
      !isTenantId(tenant)
        ? undefined
        : db
            .selectFrom('hospitals')
            .select(['tenant', 'nombre', 'color_primario', 'color_secundario', 'imagen'])
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
  }
}
