import { sql, type Migration } from 'kysely'
import type { AnyDatabase } from './engine.js'

/**
 * Indexes that make each read cost what one hospital holds, not what the platform holds: the
 * expiry sweep finds due requests without scanning the others, a waiting patient's estimate
 * reads the hospital's latest taken requests from the end of an index, the board's figures read
 * only today's requests of the hospital, the accounts panel pages a role's accounts by email,
 * and the retention prunes find guests' contacts and staff reads without a scan.
 */
export const growthIndexesMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createIndex('asistencias_by_due')
      .on('asistencias')
      .columns(['estado', 'caduca_en'])
      .execute()
    // The queue and a patient's place in it: one hospital's waiting requests not yet due (without
    // it the planner may walk every hospital's waiting requests through the sweep's index).
    await db.schema
      .createIndex('asistencias_by_tenant_due')
      .on('asistencias')
      .columns(['tenant', 'estado', 'caduca_en'])
      .execute()
    await db.schema
      .createIndex('asistencias_by_attended')
      .on('asistencias')
      .columns(['tenant', 'atendida_en'])
      .execute()
    await db.schema
      .createIndex('asistencias_by_created')
      .on('asistencias')
      .columns(['tenant', 'creada_en'])
      .execute()
    await db.schema
      .createIndex('users_by_tenant_role_email')
      .on('users')
      .columns(['tenant', 'rol', 'email'])
      .execute()
    // Only rows that still hold a contact: the retention finds the closed ones without a scan.
    await db.schema
      .createIndex('asistencias_with_contact')
      .on('asistencias')
      .column('cerrada_en')
      .where(sql.ref('contacto'), 'is not', null)
      .execute()
    await db.schema
      .createIndex('audit_log_by_action')
      .on('audit_log')
      .columns(['accion', 'id'])
      .execute()
  },
}
