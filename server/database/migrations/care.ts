import { sql, type Migration } from 'kysely'
import { DEFAULT_CADUCIDAD_MINUTOS } from '../../../src/contract/care.js'
import { autoIncrementType, bytesType, type AnyDatabase } from './engine.js'

/**
 * The care journey: requests for help (`asistencias`), their conversation (`mensajes`) and photos
 * (`fotos`), the ordered per-hospital log of live events (`eventos`), and which professionals
 * have the queue open (`presencia`). Times are ISO 8601 UTC text, which sorts as time.
 */
export const careMigration: Migration = {
  async up(db: AnyDatabase) {
    await db.schema.alterTable('users').addColumn('especialidad', 'text').execute()
    await db.schema
      .alterTable('hospitals')
      .addColumn('caducidad_minutos', 'integer', (column) =>
        column.notNull().defaultTo(DEFAULT_CADUCIDAD_MINUTOS),
      )
      .execute()

    await db.schema
      .createTable('asistencias')
      .addColumn('id', 'text', (column) => column.primaryKey().notNull())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('estado', 'text', (column) =>
        column
          .notNull()
          .check(sql`estado IN ('en_espera', 'en_curso', 'finalizada', 'cancelada', 'caducada')`),
      )
      .addColumn('origen', 'text', (column) => column.notNull())
      .addColumn('motivo', 'text', (column) => column.notNull())
      .addColumn('especialidad', 'text')
      .addColumn('paciente_id', 'integer', (column) => column.notNull())
      .addColumn('profesional_id', 'integer')
      .addColumn('creada_en', 'text', (column) => column.notNull())
      .addColumn('atendida_en', 'text')
      .addColumn('cerrada_en', 'text')
      .addColumn('caduca_en', 'text', (column) => column.notNull())
      .addColumn('resumen', 'text')
      .addColumn('puntuacion', 'integer')
      .addColumn('comentario', 'text')
      .addColumn('ticket', 'text')
      .addColumn('derivada_de', 'text')
      .execute()
    await db.schema
      .createIndex('asistencias_by_queue')
      .on('asistencias')
      .columns(['tenant', 'estado', 'creada_en'])
      .execute()
    await db.schema
      .createIndex('asistencias_by_patient')
      .on('asistencias')
      .columns(['paciente_id', 'creada_en'])
      .execute()
    await db.schema
      .createIndex('asistencias_by_professional')
      .on('asistencias')
      .columns(['profesional_id', 'creada_en'])
      .execute()

    await db.schema
      .createTable('mensajes')
      .addColumn('id', 'text', (column) => column.primaryKey().notNull())
      .addColumn('asistencia_id', 'text', (column) => column.notNull())
      .addColumn('autor_id', 'integer', (column) => column.notNull())
      .addColumn('texto', 'text', (column) => column.notNull())
      .addColumn('foto_id', 'text')
      .addColumn('creado_en', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('mensajes_by_asistencia')
      .on('mensajes')
      .columns(['asistencia_id', 'creado_en'])
      .execute()

    await db.schema
      .createTable('fotos')
      .addColumn('id', 'text', (column) => column.primaryKey().notNull())
      .addColumn('asistencia_id', 'text', (column) => column.notNull())
      .addColumn('autor_id', 'integer', (column) => column.notNull())
      // 1: attached to the request by its patient while waiting; 0: sent in the conversation.
      .addColumn('adjunta', 'integer', (column) => column.notNull())
      .addColumn('jpeg', bytesType(db), (column) => column.notNull())
      .addColumn('creada_en', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('fotos_by_asistencia')
      .on('fotos')
      .columns(['asistencia_id', 'creada_en'])
      .execute()

    await db.schema
      .createTable('eventos')
      .addColumn('id', autoIncrementType(db), (column) => column.primaryKey())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('tipo', 'text', (column) => column.notNull())
      .addColumn('asistencia_id', 'text')
      // What the event is about besides the request: a message id, or a presence `{ id, disponible }`.
      .addColumn('ref', 'text')
      .addColumn('creado_en', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('eventos_by_tenant')
      .on('eventos')
      .columns(['tenant', 'id'])
      .execute()

    await db.schema
      .createTable('presencia')
      .addColumn('conexion', 'text', (column) => column.primaryKey().notNull())
      .addColumn('user_id', 'integer', (column) => column.notNull())
      .addColumn('tenant', 'text', (column) => column.notNull())
      .addColumn('expira_en', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('presencia_by_user')
      .on('presencia')
      .columns(['user_id', 'expira_en'])
      .execute()
  },
}
