import type { Migration } from 'kysely'
import { autoIncrementType, type AnyDatabase } from './engine.js'

/**
 * Web Push: each device's subscription (`suscripciones_push`, one row per push-service endpoint,
 * owned by the account last signed in on that device) and the alerts waiting to be pushed
 * (`avisos_pendientes`, one row per alert and device, written in the transaction of the event it
 * announces and claimed by one instance's sender at a time). `clave` makes an alert unique, so a
 * second write of the same news (a photo added to a waiting request) adds nothing.
 */
export const pushAlertsMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('suscripciones_push')
      .addColumn('id', autoIncrementType(db), (column) => column.primaryKey())
      .addColumn('endpoint', 'text', (column) => column.notNull().unique())
      .addColumn('p256dh', 'text', (column) => column.notNull())
      .addColumn('auth', 'text', (column) => column.notNull())
      .addColumn('user_id', 'integer', (column) => column.notNull())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('creada_en', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('suscripciones_push_by_user')
      .on('suscripciones_push')
      .column('user_id')
      .execute()

    await db.schema
      .createTable('avisos_pendientes')
      .addColumn('id', autoIncrementType(db), (column) => column.primaryKey())
      .addColumn('clave', 'text', (column) => column.notNull().unique())
      .addColumn('suscripcion_id', 'integer', (column) => column.notNull())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('tipo', 'text', (column) => column.notNull())
      .addColumn('asistencia_id', 'text', (column) => column.notNull())
      .addColumn('creado_en', 'text', (column) => column.notNull())
      .addColumn('caduca_en', 'text', (column) => column.notNull())
      .addColumn('intentar_desde', 'text', (column) => column.notNull())
      .addColumn('intentos', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('enviado_en', 'text')
      .execute()
    await db.schema
      .createIndex('avisos_pendientes_due')
      .on('avisos_pendientes')
      .columns(['enviado_en', 'intentar_desde'])
      .execute()
    await db.schema
      .createIndex('avisos_pendientes_by_suscripcion')
      .on('avisos_pendientes')
      .column('suscripcion_id')
      .execute()
  },
}
