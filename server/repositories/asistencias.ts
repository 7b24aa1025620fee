import { sql, type Kysely, type Selectable } from 'kysely'
import type { AsistenciasTable, DatabaseSchema, DerivacionesTable } from '../database/schema.js'
import { COLA_PAGINA, type EstadoAsistencia } from '../../src/contract/care.js'
import { REQUEST_STATE_ACTIONS, REQUEST_TRANSITIONS } from '../../src/contract/care-transitions.js'
import { minutesBetweenSql } from '../database/engine.js'

type Executor = Kysely<DatabaseSchema>

export type AsistenciaRow = Selectable<AsistenciasTable>

/** A request with the names of the people in it and its attached photos' ids. */
export interface AsistenciaView extends AsistenciaRow {
  paciente_nombre: string
  /** When its patient closed their account; null while open. */
  paciente_cerrada_en: string | null
  profesional_nombre: string | null
  foto_ids: string[]
  /** For a referred request: who referred it, the note. */
  derivador_id: number | null
  derivador_nombre: string | null
  /**
   * The one professional who takes it: assigned on the board, else the one a referral names
   * (null: anyone of the queue).
   */
  destinatario_id: number | null
  destinatario_nombre: string | null
  nota_derivacion: string | null
  asignado_nombre: string | null
  /** The first request's summary, for a referred request. */
  resumen_origen: string | null
}

export type DerivacionRow = Selectable<DerivacionesTable>

/** Requests a history or referral list answers at most (short by nature; the queue pages). */
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
  /** The patient's requests, newest first: at most `limit` ({@link LIST_LIMIT} by default). */
  listForPatient(pacienteId: number, limit?: number): Promise<AsistenciaView[]>
  /** The patient's open requests at `at`: in progress, or waiting and not yet due. */
  countOpenOf(trx: Executor, pacienteId: number, at: string): Promise<number>
  /**
   * The hospital's waiting requests not yet due at `at`: immediate ones first, then oldest first;
   * a page of at most {@link COLA_PAGINA}, after the request `afterId` when given. With `takerId`
   * (a professional who takes from the queue), referrals addressed to another professional are
   * left out here rather than after the page is cut, so a full page means there may be more.
   */
  listQueue(
    tenant: string,
    at: string,
    afterId?: string,
    takerId?: number,
  ): Promise<AsistenciaView[]>
  listForProfessional(profesionalId: number): Promise<AsistenciaView[]>
  /** Waiting (not yet due at `at`) and ongoing requests of the hospital, oldest first. */
  listOpen(tenant: string, at: string): Promise<AsistenciaView[]>
  /**
   * Takes a waiting request (not assigned to someone else): the conditional update only one
   * caller can win.
   */
  claim(trx: Executor, id: string, profesionalId: number, at: string): Promise<boolean>
  /** Assigns a waiting request (not yet due at `at`) to one professional; false when not waiting. */
  assign(trx: Executor, id: string, profesionalId: number, at: string): Promise<boolean>
  /** Closes a waiting request (not yet due at `at`) with a reason; false when not waiting. */
  close(trx: Executor, id: string, motivo: string, at: string): Promise<boolean>
  /** Consultations in progress of each of the hospital's professionals who has any. */
  countInProgress(tenant: string): Promise<Map<number, number>>
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
  /** Keeps the hash of the secret an immediate-care request was first sent with. */
  keepGuestSecretHash(trx: Executor, asistenciaId: string, hash: string): Promise<void>
  /** The hash kept for an immediate-care request, if its first send carried a secret. */
  findGuestSecretHash(asistenciaId: string): Promise<string | undefined>
  /** Records the referral of a request inserted in the same transaction. */
  insertReferral(trx: Executor, row: DerivacionRow): Promise<void>
  /**
   * Referrals a professional made, and those they received: addressed to them, to their
   * specialty without a named professional, or taken by them. Newest first.
   */
  /** The referrals made from request `id` (requests with `derivada_de` = `id`), oldest first. */
  listDerivedFrom(id: string): Promise<AsistenciaView[]>
  listReferrals(
    tenant: string,
    profesionalId: number,
    especialidades: readonly string[],
  ): Promise<{ enviadas: AsistenciaView[]; recibidas: AsistenciaView[] }>
  /**
   * Forgets the contact (phone or email) of up to `batch` people without an account whose
   * request closed before `beforeIso`; returns how many.
   */
  forgetContacts(beforeIso: string, batch: number): Promise<number>
  /**
   * Deletes up to `batch` immediate-care replay secrets of requests closed before `beforeIso`
   * (their guest session is over: no replay may hand one back); returns how many.
   */
  forgetGuestSecrets(beforeIso: string, batch: number): Promise<number>
  /** Ids of the hospital's professionals attending a consultation now. */
  professionalsInConsultation(tenant: string): Promise<Set<number>>
  /** Expires waiting requests past their limit (all, or the one id); returns those it changed. */
  expireDue(trx: Executor, at: string, id?: string): Promise<{ id: string; tenant: string }[]>
  /** 1 for the first waiting request of its hospital in queue order (those due at `at` left out). */
  queuePosition(row: AsistenciaRow, at: string): Promise<number>
  /** Waits in minutes of the hospital's latest taken requests. */
  recentWaitsMinutes(tenant: string): Promise<number[]>
  /**
   * Figures of the requests created since `sinceIso`, as they stand at `at`, counted by the
   * database: how many, how many were taken, expired (due ones included) and cancelled (by their
   * patient or the hospital), the median and 90th-percentile wait of those taken (minutes), the
   * mean rating given to them (null when none).
   */
  activitySince(tenant: string, sinceIso: string, at: string): Promise<Activity>
}

export interface Activity {
  count: number
  taken: number
  expired: number
  cancelled: number
  medianWait: number | null
  p90Wait: number | null
  meanRating: number | null
}

// Immediate care and walk-ins (someone here or waiting now, without an appointment) come before
// requests of signed-in patients: 0 sorts first.
const queuePriority = sql<number>`CASE WHEN asistencias.origen = 'paciente' THEN 1 ELSE 0 END`

// The compare-and-set updates below take their states from the contract's transition table: the
// database decides the race, the table decides which moves exist.
const { atender, finalizar, cancelar, cerrar, caducar } = REQUEST_TRANSITIONS

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000

/** A waiting request past its limit is expired, whether or not the sweep has written it yet. */
export function isDue(row: Pick<AsistenciaRow, 'estado' | 'caduca_en'>, at: string): boolean {
  return (caducar.from as readonly EstadoAsistencia[]).includes(row.estado) && row.caduca_en <= at
}

/** The request as it stands at `at`: expired when due, as the sweep will write it. */
export function asSeenAt<Row extends AsistenciaRow>(row: Row, at: string): Row {
  return isDue(row, at) ? { ...row, estado: caducar.to, cerrada_en: row.caduca_en } : row
}

export function createAsistenciaRepository(db: Executor): AsistenciaRepository {
  const views = (executor: Executor) =>
    executor
      .selectFrom('asistencias')
      .innerJoin('users as paciente', 'paciente.id', 'asistencias.paciente_id')
      .leftJoin('users as profesional', 'profesional.id', 'asistencias.profesional_id')
      .leftJoin('derivaciones', 'derivaciones.asistencia_id', 'asistencias.id')
      .leftJoin('users as derivador', 'derivador.id', 'derivaciones.por_id')
      .leftJoin('users as destinatario', (join) =>
        join.on((eb) =>
          eb('destinatario.id', '=', eb.fn.coalesce('asistencias.asignada_a', 'derivaciones.a_id')),
        ),
      )
      .leftJoin('users as asignado', 'asignado.id', 'asistencias.asignada_a')
      .leftJoin('asistencias as primera', 'primera.id', 'asistencias.derivada_de')
      .selectAll('asistencias')
      .select([
        'paciente.nombre as paciente_nombre',
        'paciente.cerrada_en as paciente_cerrada_en',
        'profesional.nombre as profesional_nombre',
        'derivaciones.por_id as derivador_id',
        'derivador.nombre as derivador_nombre',
        (eb) =>
          eb.fn
            .coalesce('asistencias.asignada_a', 'derivaciones.a_id')
            .$castTo<number | null>()
            .as('destinatario_id'),
        'destinatario.nombre as destinatario_nombre',
        'derivaciones.nota as nota_derivacion',
        'asignado.nombre as asignado_nombre',
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

    async keepGuestSecretHash(trx, asistenciaId, hash) {
      await trx
        .insertInto('secretos_invitado')
        .values({ asistencia_id: asistenciaId, hash })
        .execute()
    },

    async findGuestSecretHash(asistenciaId) {
      const row = await db
        .selectFrom('secretos_invitado')
        .select('hash')
        .where('asistencia_id', '=', asistenciaId)
        .executeTakeFirst()
      return row?.hash
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

    async countOpenOf(trx, pacienteId, at) {
      const row = await trx
        .selectFrom('asistencias')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('paciente_id', '=', pacienteId)
        .where((eb) =>
          eb.or([
            eb('estado', '=', 'en_curso'),
            eb.and([eb('estado', '=', 'en_espera'), eb('caduca_en', '>', at)]),
          ]),
        )
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },

    listForPatient: async (pacienteId, limit = LIST_LIMIT) =>
      withPhotos(
        await views(db)
          .where('asistencias.paciente_id', '=', pacienteId)
          .orderBy('asistencias.creada_en', 'desc')
          .orderBy('asistencias.id')
          .limit(limit)
          .execute(),
      ),

    async listQueue(tenant, at, afterId, takerId) {
      let query = views(db)
        .where('asistencias.tenant', '=', tenant)
        .where('asistencias.estado', '=', 'en_espera')
        .where('asistencias.caduca_en', '>', at)
      if (takerId !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb(eb.fn.coalesce('asistencias.asignada_a', 'derivaciones.a_id'), 'is', null),
            eb(eb.fn.coalesce('asistencias.asignada_a', 'derivaciones.a_id'), '=', takerId),
          ]),
        )
      }
      if (afterId !== undefined) {
        const after = await db
          .selectFrom('asistencias')
          .select(['origen', 'creada_en', 'id'])
          .where('id', '=', afterId)
          .where('tenant', '=', tenant)
          .executeTakeFirst()
        // A cursor that is not (or no longer) in this hospital starts from the top.
        if (after) {
          const priority = after.origen === 'paciente' ? 1 : 0
          query = query.where((eb) =>
            eb.or([
              eb(queuePriority, '>', priority),
              eb.and([
                eb(queuePriority, '=', priority),
                eb.or([
                  eb('asistencias.creada_en', '>', after.creada_en),
                  eb.and([
                    eb('asistencias.creada_en', '=', after.creada_en),
                    eb('asistencias.id', '>', after.id),
                  ]),
                ]),
              ]),
            ]),
          )
        }
      }
      return withPhotos(
        await query
          .orderBy(queuePriority)
          .orderBy('asistencias.creada_en')
          .orderBy('asistencias.id')
          .limit(COLA_PAGINA)
          .execute(),
      )
    },

    listForProfessional: async (profesionalId) =>
      withPhotos(
        await views(db)
          .where('asistencias.profesional_id', '=', profesionalId)
          .orderBy('asistencias.creada_en', 'desc')
          .orderBy('asistencias.id')
          .limit(LIST_LIMIT)
          .execute(),
      ),

    listOpen: async (tenant, at) =>
      withPhotos(
        await views(db)
          .where('asistencias.tenant', '=', tenant)
          .where('asistencias.estado', 'in', ['en_espera', 'en_curso'] satisfies EstadoAsistencia[])
          .where((eb) =>
            eb.or([
              eb('asistencias.estado', '=', 'en_curso'),
              eb('asistencias.caduca_en', '>', at),
            ]),
          )
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
        .where((eb) => eb.or([eb('asignada_a', 'is', null), eb('asignada_a', '=', profesionalId)]))
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    async assign(trx, id, profesionalId, at) {
      const result = await trx
        .updateTable('asistencias')
        .set({ asignada_a: profesionalId })
        .where('id', '=', id)
        .where('estado', 'in', REQUEST_STATE_ACTIONS.asignar)
        .where('caduca_en', '>', at)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    async close(trx, id, motivo, at) {
      const result = await trx
        .updateTable('asistencias')
        .set({ estado: cerrar.to, cerrada_en: at, motivo_cierre: motivo })
        .where('id', '=', id)
        .where('estado', 'in', cerrar.from)
        .where('caduca_en', '>', at)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    async countInProgress(tenant) {
      const rows = await db
        .selectFrom('asistencias')
        .select((eb) => ['profesional_id', eb.fn.countAll<number | string>().as('count')])
        .where('tenant', '=', tenant)
        .where('estado', 'in', finalizar.from)
        .where('profesional_id', 'is not', null)
        .groupBy('profesional_id')
        .execute()
      return new Map(rows.map((row) => [row.profesional_id ?? 0, Number(row.count)]))
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

    listDerivedFrom: async (id) =>
      withPhotos(
        await views(db)
          .where('asistencias.derivada_de', '=', id)
          .orderBy('asistencias.creada_en')
          .orderBy('asistencias.id')
          .limit(LIST_LIMIT)
          .execute(),
      ),

    async listReferrals(tenant, profesionalId, especialidades) {
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
              ...(especialidades.length === 0
                ? []
                : [
                    eb.and([
                      eb('derivaciones.a_id', 'is', null),
                      eb('asistencias.especialidad', 'in', [...especialidades]),
                    ]),
                  ]),
            ]),
          )
          .execute(),
      ])
      return { enviadas: await withPhotos(enviadas), recibidas: await withPhotos(recibidas) }
    },

    async forgetContacts(beforeIso, batch) {
      const result = await db
        .updateTable('asistencias')
        .set({ contacto: null })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('asistencias')
            .select('id')
            .where('contacto', 'is not', null)
            .where('cerrada_en', '<', beforeIso)
            .limit(batch),
        )
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    async professionalsInConsultation(tenant) {
      const rows = await db
        .selectFrom('asistencias')
        .select('profesional_id')
        .distinct()
        .where('tenant', '=', tenant)
        .where('estado', '=', atender.to)
        .execute()
      return new Set(
        rows.flatMap((row) => (row.profesional_id === null ? [] : [row.profesional_id])),
      )
    },

    async forgetGuestSecrets(beforeIso, batch) {
      const result = await db
        .deleteFrom('secretos_invitado')
        .where('asistencia_id', 'in', (eb) =>
          eb
            .selectFrom('secretos_invitado')
            .innerJoin('asistencias', 'asistencias.id', 'secretos_invitado.asistencia_id')
            .select('secretos_invitado.asistencia_id')
            .where('asistencias.cerrada_en', '<', beforeIso)
            .limit(batch),
        )
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async expireDue(trx, at, id) {
      // Closed when it expired, as a read before the sweep shows it.
      let query = trx
        .updateTable('asistencias')
        .set((eb) => ({ estado: caducar.to, cerrada_en: eb.ref('caduca_en') }))
        .where('estado', 'in', caducar.from)
        .where('caduca_en', '<=', at)
      if (id !== undefined) query = query.where('id', '=', id)
      return query.returning(['id', 'tenant']).execute()
    },

    async queuePosition(row, at) {
      const { ahead } = await db
        .selectFrom('asistencias')
        .select((eb) => eb.fn.countAll<number | string>().as('ahead'))
        .where('tenant', '=', row.tenant)
        .where('estado', '=', 'en_espera')
        .where('caduca_en', '>', at)
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

    async activitySince(tenant, sinceIso, at) {
      const today = db
        .selectFrom('asistencias')
        .where('tenant', '=', tenant)
        .where('creada_en', '>=', sinceIso)
      const expired = sql<number>`CASE WHEN asistencias.estado = ${caducar.to} OR (asistencias.estado IN (${sql.join(caducar.from)}) AND asistencias.caduca_en <= ${at}) THEN 1 ELSE 0 END`
      const cancelled = sql<number>`CASE WHEN asistencias.estado = ${cancelar.to} THEN 1 ELSE 0 END`
      const totals = await today
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.count<number | string>('atendida_en').as('taken'),
          eb.fn.sum<number | string | null>(expired).as('expired'),
          eb.fn.sum<number | string | null>(cancelled).as('cancelled'),
          eb.fn.avg<number | string | null>('puntuacion').as('meanRating'),
        ])
        .executeTakeFirstOrThrow()
      const taken = Number(totals.taken)
      const wait = minutesBetweenSql(
        db,
        sql.ref('asistencias.creada_en'),
        sql.ref('asistencias.atendida_en'),
      )
      /** The mean of `limit` waits from the `offset`-th of today's taken requests, shortest first. */
      const waitsFrom = async (offset: number, limit: number) => {
        const rows = await today
          .select(wait.as('wait'))
          .where('atendida_en', 'is not', null)
          .orderBy(wait)
          .limit(limit)
          .offset(offset)
          .execute()
        return rows.reduce((sum, row) => sum + Number(row.wait), 0) / Math.max(1, rows.length)
      }
      const [medianWait, p90Wait] =
        taken === 0
          ? [null, null]
          : await Promise.all([
              // The middle one or two waits.
              waitsFrom(Math.floor((taken - 1) / 2), taken % 2 === 0 ? 2 : 1),
              // Nearest rank: the wait that 90 % of the taken requests did not exceed.
              waitsFrom(Math.ceil(taken * 0.9) - 1, 1),
            ])
      return {
        count: Number(totals.count),
        taken,
        expired: Number(totals.expired ?? 0),
        cancelled: Number(totals.cancelled ?? 0),
        medianWait,
        p90Wait,
        meanRating: totals.meanRating === null ? null : Number(totals.meanRating),
      }
    },
  }
}
