import type { SqliteDatabase } from '../db.js'
import type { Hospital } from '../seed-data.js'

/** Read access to the `hospitals` table. */
export interface HospitalRepository {
  findByTenant(tenant: string): Hospital | undefined
}

/** Prepares the hospital queries once for the lifetime of the app. */
export function createHospitalRepository(db: SqliteDatabase): HospitalRepository {
  const byTenant = db.prepare<[string], Hospital>(
    `SELECT tenant, nombre, color_primario, color_secundario, imagen
     FROM hospitals WHERE tenant = ? AND activo = 1`,
  )
  return { findByTenant: (tenant) => byTenant.get(tenant) }
}
