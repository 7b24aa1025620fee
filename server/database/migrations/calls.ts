import { sql, type Migration } from 'kysely'
import { autoIncrementType, type AnyDatabase } from './engine.js'

/**
 * Calls inside a consultation (`llamadas`) and their signalling (`senales`). At most one call of
 * a consultation is not `terminada`: a partial unique index, so the database decides between two
 * instances as it does for "Atender". Signals are kept only as long as they mean something (the
 * care sweep forgets them), never their media.
 */
export const callsMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('llamadas')
      .addColumn('id', 'text', (column) => column.primaryKey().notNull())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('asistencia_id', 'text', (column) => column.notNull())
      .addColumn('iniciada_por', 'integer', (column) => column.notNull())
      .addColumn('video', 'integer', (column) => column.notNull())
      .addColumn('estado', 'text', (column) =>
        column.notNull().check(sql`estado IN ('sonando', 'en_curso', 'terminada')`),
      )
      .addColumn('motivo_fin', 'text')
      .addColumn('creada_en', 'text', (column) => column.notNull())
      .addColumn('aceptada_en', 'text')
      .addColumn('terminada_en', 'text')
      .execute()
    await db.schema
      .createIndex('llamadas_una_activa')
      .on('llamadas')
      .column('asistencia_id')
      .unique()
      .where(sql.ref('estado'), '<>', 'terminada')
      .execute()
    await db.schema
      .createIndex('llamadas_by_asistencia')
      .on('llamadas')
      .columns(['asistencia_id', 'creada_en'])
      .execute()
    // The sweep's look for calls ringing or running too long.
    await db.schema.createIndex('llamadas_by_estado').on('llamadas').columns(['estado']).execute()

    await db.schema
      .createTable('senales')
      .addColumn('id', autoIncrementType(db), (column) => column.primaryKey())
      .addColumn('llamada_id', 'text', (column) => column.notNull())
      .addColumn('destinatario_id', 'integer', (column) => column.notNull())
      .addColumn('contenido', 'text', (column) => column.notNull())
      .addColumn('creada_en', 'text', (column) => column.notNull())
      .execute()
    // A sender's recent pace (the rate limit), and the sweep's forgetting of stale signals.
    await db.schema
      .createIndex('senales_by_llamada')
      .on('senales')
      .columns(['llamada_id', 'destinatario_id', 'creada_en'])
      .execute()
    await db.schema.createIndex('senales_by_creada').on('senales').columns(['creada_en']).execute()
  },
}
