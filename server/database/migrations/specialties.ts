import { sql, type Migration } from 'kysely'
import { autoIncrementType, type AnyDatabase } from './engine.js'

/**
 * Each hospital's specialties as a list of its own (`especialidades`, retired ones kept with
 * `activa = 0` for the records that name them) and each professional's, one or more
 * (`cuenta_especialidades`). Until now a hospital's specialties were those its professionals
 * happened to carry in `users.especialidad`: those become its list, and that column goes.
 */
export const specialtiesMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('especialidades')
      .addColumn('id', autoIncrementType(db), (column) => column.primaryKey())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('nombre', 'text', (column) => column.notNull())
      .addColumn('activa', 'integer', (column) => column.notNull().defaultTo(1))
      .execute()
    // One name per hospital whatever its case: "pediatría" and "Pediatría" are one specialty.
    await db.schema
      .createIndex('especialidades_by_name')
      .unique()
      .on('especialidades')
      .expression(sql`tenant, lower(nombre)`)
      .execute()
    await db.schema
      .createTable('cuenta_especialidades')
      .addColumn('user_id', 'integer', (column) => column.notNull())
      .addColumn('especialidad_id', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('cuenta_especialidades_pk', ['user_id', 'especialidad_id'])
      .execute()
    await db.schema
      .createIndex('cuenta_especialidades_by_especialidad')
      .on('cuenta_especialidades')
      .column('especialidad_id')
      .execute()

    await sql`
      INSERT INTO especialidades (tenant, nombre, activa)
      SELECT tenant, min(especialidad), 1 FROM users
      WHERE especialidad IS NOT NULL AND rol = 'profesional'
      GROUP BY tenant, lower(especialidad)
    `.execute(db)
    await sql`
      INSERT INTO cuenta_especialidades (user_id, especialidad_id)
      SELECT users.id, especialidades.id FROM users
      JOIN especialidades ON especialidades.tenant = users.tenant
        AND lower(especialidades.nombre) = lower(users.especialidad)
      WHERE users.rol = 'profesional'
    `.execute(db)
    await db.schema.alterTable('users').dropColumn('especialidad').execute()
  },
}
