import { sql, type Kysely, type Selectable } from 'kysely'
import type { AsistenciasTable, DatabaseSchema, DerivacionesTable } from '../database/schema.js'
import type { EstadoAsistencia } from '../../src/contract/care.js'
import { REQUEST_STATE_ACTIONS, REQUEST_TRANSITIONS } from '../../src/contract/care-transitions.js'

type Executor = Kysely<DatabaseSchema>

export type AsistenciaRow = Selectable<AsistenciasTable>

/** A request with the names of the people in it and its attached photos' ids. */
export interface AsistenciaView extends AsistenciaRow {
  paciente_nombre: string
  profesional_nombre: string | null
  foto_ids: string[]
  /** For a referred request: who referred it, to whom (null: a specialty), the note. */
  derivador_id: number | null
  derivador_nombre: string | null
  destinatario_id: number | null
  destinatario_nombre: string | null
  nota_derivacion: string | null
  /** The first request's summary, for a referred request. */
  resumen_origen: string | null
}

export type DerivacionRow = Selectable<DerivacionesTable>

/** Requests a list answers at most (the queue and histories are short by nature). */
export const LIST_LIMIT = 200

/** How many of the hospital's latest taken requests the wait estimate is based on. */
export const ESTIMATE_SAMPLE = 20

export interface AsistenciaRepository {
  /** Inserts unless the id exists; true when this call created it. */
  insert(trx: Executor, row: AsistenciaRow): Promise<boolean>
  findRow(id: string, trx?: Executor): Promise<AsistenciaRow | undefined>
  findView(id: string, trx?: Executor): Promise<AsistenciaView | undefined>
  /** Views of these ids, in the order given (missing ones left out). */
  findViews(ids: readonly string[]): Promise<AsistenciaView[]>
  listForPatient(pacienteId: number): Promise<AsistenciaView[]>
  /** The hospital's waiting requests: immediate ones first, then oldest first. */
  listQueue(tenant: string): Promise<AsistenciaView[]>
  listForProfessional(profesionalId: number): Promise<AsistenciaView[]>
  /** Waiting and ongoing requests of the hospital, oldest first. */
  listOpen(tenant: string): Promise<AsistenciaView[]>
  /** Takes a waiting request: the conditional update only one caller can win. */
  claim(trx: Executor, id: string, profesionalId: number, at: string): Promise<boolean>
  finish(
    trx: Executor,
    id: string,
    profesionalId: number,
    resumen: string,
    at: string,
  ): Promise<boolean>
  cancel(trx: Executor, id: string, pacienteId: number, at: string): Promise<boolean>
  rate(
    trx: Executor,
    id: string,
    pacienteId: number,
    puntuacion: number,
    comentario: string | null,
  ): Promise<boolean>
  /** Records the referral of a request inserted in the same transaction. */
  insertReferral(trx: Executor, row: DerivacionRow): Promise<void>
  /**
   * Referrals a professional made, and those they received: addressed to them, to their
   * specialty without a named professional, or taken by them. Newest first.
   */
  listReferrals(
    tenant: string,
    profesionalId: number,
    especialidad: string | null,
  ): Promise<{ enviadas: AsistenciaView[]; recibidas: AsistenciaView[] }>
  /** Expires waiting requests past their limit (all, or the one id); returns those it changed. */
  expireDue(trx: Executor, at: string, id?: string): Promise<{ id: string; tenant: string }[]>
  /** 1 for the first waiting request of its hospital in queue order. */
  queuePosition(row: AsistenciaRow): Promise<number>
  /** Waits in minutes of the hospital's latest taken requests. */
  recentWaitsMinutes(tenant: string): Promise<number[]>
  /** Requests created since `sinceIso`, their waits in minutes, and ratings given to them. */
  activitySince(
    tenant: string,
    sinceIso: string,
  ): Promise<{ count: number; waits: number[]; ratings: number[] }>
}

// Immediate care and walk-ins (someone here or waiting now, without an appointment) come before
// requests of signed-in patients: 0 sorts first.
const queuePriority = sql<number>`CASE WHEN asistencias.origen = 'paciente' THEN 1 ELSE 0 END`

// The compare-and-set updates below take their states from the contract's transition table: the
// database decides the race, the table decides which moves exist.
const { atender, finalizar, cancelar, caducar } = REQUEST_TRANSITIONS

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000

export function createAsistenciaRepository(db: Executor): AsistenciaRepository {
  const views = (executor: Executor) =>
    executor
      .selectFrom('asistencias')
      .innerJoin('users as paciente', 'paciente.id', 'asistencias.paciente_id')
      .leftJoin('users as profesional', 'profesional.id', 'asistencias.profesional_id')
      .leftJoin('derivaciones', 'derivaciones.asistencia_id', 'asistencias.id')
      .leftJoin('users as derivador', 'derivador.id', 'derivaciones.por_id')
      .leftJoin('users as destinatario', 'destinatario.id', 'derivaciones.a_id')
      .leftJoin('asistencias as primera', 'primera.id', 'asistencias.derivada_de')
      .selectAll('asistencias')
      .select([
        'paciente.nombre as paciente_nombre',
        'profesional.nombre as profesional_nombre',
        'derivaciones.por_id as derivador_id',
        'derivador.nombre as derivador_nombre',
        'derivaciones.a_id as destinatario_id',
        'destinatario.nombre as destinatario_nombre',
        'derivaciones.nota as nota_derivacion',
        'primera.resumen as resumen_origen',
      ])

  async function withPhotos(
    rows: Omit<AsistenciaView, 'foto_ids'>[],
    executor: Executor = db,
  ): Promise<AsistenciaView[]> {
    if (rows.length === 0) return []
    const photos = await executor
      .selectFrom('fotos')
      .select(['id', 'asistencia_id'])
      .where(
        'asistencia_id',
        'in',
        rows.map((row) => row.id),
      )
      .where('adjunta', '=', 1)
      .orderBy('creada_en')
      .orderBy('id')
      .execute()
    return rows.map((row) => ({
      ...row,
      foto_ids: photos.filter((photo) => photo.asistencia_id === row.id).map((photo) => photo.id),
    }))
  }

  return {
    async insert(trx, row) {
      const inserted = await trx
        .insertInto('asistencias')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst()
      return inserted !== undefined
    },

    findRow: (id, trx = db) =>
      trx.selectFrom('asistencias').selectAll().where('id', '=', id).executeTakeFirst(),

    async findView(id, trx = db) {
      const row = await views(trx).where('asistencias.id', '=', id).executeTakeFirst()
      return row && (await withPhotos([row], trx))[0]
    },

    async findViews(ids) {
      if (ids.length === 0) return []
      const rows = await views(db).where('asistencias.id', 'in', ids).execute()
      const byId = new Map((await withPhotos(rows)).map((view) => [view.id, view]))
      return ids.flatMap((id) => byId.get(id) ?? [])
    },

    listForPatient: async (pacienteId) =>
      withPhotos(
        await views(db)
          .where('asistencias.paciente_id', '=', pacienteId)
          .orderBy('asistencias.creada_en', 'desc')
          .orderBy('asistencias.id')
          .limit(LIST_LIMIT)
          .execute(),
      ),

    listQueue: async (tenant) =>
      withPhotos(
        await views(db)
          .where('asistencias.tenant', '=', tenant)
          .where('asistencias.estado', '=', 'en_espera')
          .orderBy(queuePriority)
          .orderBy('asistencias.creada_en')
          .orderBy('asistencias.id')
          .limit(LIST_LIMIT)
          .execute(),
      ),

    listForProfessional: async (profesionalId) =>
      withPhotos(
        await views(db)
          .where('asistencias.profesional_id', '=', profesionalId)
          .orderBy('asistencias.creada_en', 'desc')
          .orderBy('asistencias.id')
          .limit(LIST_LIMIT)
          .execute(),
      ),

    listOpen: async (tenant) =>
      withPhotos(
        await views(db)
          .where('asistencias.tenant', '=', tenant)
          .where('asistencias.estado', 'in', ['en_espera', 'en_curso'] satisfies EstadoAsistencia[])
          .orderBy(queuePriority)
          .orderBy('asistencias.creada_en')
          .orderBy('asistencias.id')
          .limit(LIST_LIMIT)
          .execute(),
      ),

    async claim(trx, id, profesionalId, at) {
      const result = await trx
        .updateTable('asistencias')
        .set({ estado: atender.to, profesional_id: profesionalId, atendida_en: at })
        .where('id', '=', id)
        .where('estado', 'in', atender.from)
        .where('caduca_en', '>', at)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    async finish(trx, id, profesionalId, resumen, at) {
      const result = await trx
        .updateTable('asistencias')
        .set({ estado: finalizar.to, resumen, cerrada_en: at })
        .where('id', '=', id)
        .where('estado', 'in', finalizar.from)
        .where('profesional_id', '=', profesionalId)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    async cancel(trx, id, pacienteId, at) {
      const result = await trx
        .updateTable('asistencias')
        .set({ estado: cancelar.to, cerrada_en: at })
        .where('id', '=', id)
        .where('estado', 'in', cancelar.from)
        .where('paciente_id', '=', pacienteId)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    async rate(trx, id, pacienteId, puntuacion, comentario) {
      const result = await trx
        .updateTable('asistencias')
        .set({ puntuacion, comentario })
        .where('id', '=', id)
        .where('estado', 'in', REQUEST_STATE_ACTIONS.valorar)
        .where('paciente_id', '=', pacienteId)
        .where('puntuacion', 'is', null)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    async insertReferral(trx, row) {
      await trx.insertInto('derivaciones').values(row).execute()
    },

    async listReferrals(tenant, profesionalId, especialidad) {
      const referred = () =>
        views(db)
          .where('asistencias.tenant', '=', tenant)
          .where('derivaciones.asistencia_id', 'is not', null)
          .orderBy('asistencias.creada_en', 'desc')
          .orderBy('asistencias.id')
          .limit(LIST_LIMIT)
      const [enviadas, recibidas] = await Promise.all([
        referred().where('derivaciones.por_id', '=', profesionalId).execute(),
        referred()
          .where((eb) =>
            eb.or([
              eb('derivaciones.a_id', '=', profesionalId),
              eb('asistencias.profesional_id', '=', profesionalId),
              ...(especialidad === null
                ? []
                : [
                    eb.and([
                      eb('derivaciones.a_id', 'is', null),
                      eb('asistencias.especialidad', '=', especialidad),
                    ]),
                  ]),
            ]),
          )
          .execute(),
      ])
      return { enviadas: await withPhotos(enviadas), recibidas: await withPhotos(recibidas) }
    },

    async expireDue(trx, at, id) {
      let query = trx
        .updateTable('asistencias')
        .set({ estado: caducar.to, cerrada_en: at })
        .where('estado', 'in', caducar.from)
        .where('caduca_en', '<=', at)
      if (id !== undefined) query = query.where('id', '=', id)
      return query.returning(['id', 'tenant']).execute()
    },

    async queuePosition(row) {
      const { ahead } = await db
        .selectFrom('asistencias')
        .select((eb) => eb.fn.countAll<number | string>().as('ahead'))
        .where('tenant', '=', row.tenant)
        .where('estado', '=', 'en_espera')
        .where((eb) => {
          const isImmediate = row.origen !== 'paciente'
          const samePriority = isImmediate
            ? eb('origen', '!=', 'paciente')
            : eb('origen', '=', 'paciente')
          const earlier = eb.or([
            eb('creada_en', '<', row.creada_en),
            eb.and([eb('creada_en', '=', row.creada_en), eb('id', '<', row.id)]),
          ])
          const ahead = eb.and([samePriority, earlier])
          // Every waiting immediate request is ahead of a signed-in patient's.
          return isImmediate ? ahead : eb.or([eb('origen', '!=', 'paciente'), ahead])
        })
        .executeTakeFirstOrThrow()
      return Number(ahead) + 1
    },

    async recentWaitsMinutes(tenant) {
      const rows = await db
        .selectFrom('asistencias')
        .select(['creada_en', 'atendida_en'])
        .where('tenant', '=', tenant)
        .where('atendida_en', 'is not', null)
        .orderBy('atendida_en', 'desc')
        .limit(ESTIMATE_SAMPLE)
        .execute()
      return rows.map((row) => minutesBetween(row.creada_en, row.atendida_en ?? row.creada_en))
    },

    async activitySince(tenant, sinceIso) {
      const rows = await db
        .selectFrom('asistencias')
        .select(['creada_en', 'atendida_en', 'puntuacion'])
        .where('tenant', '=', tenant)
        .where('creada_en', '>=', sinceIso)
        .execute()
      return {
        count: rows.length,
        waits: rows.flatMap((row) =>
          row.atendida_en === null ? [] : [minutesBetween(row.creada_en, row.atendida_en)],
        ),
        ratings: rows.flatMap((row) => (row.puntuacion === null ? [] : [row.puntuacion])),
      }
    },
  }
}
