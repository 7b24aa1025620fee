/**
 * Calls inside a consultation (docs/calls.md). Only its two participants (its patient, a guest
 * included, and its professional) start, answer, signal and end a call, and only while the
 * consultation is `en_curso`; anyone else gets 404, as for the consultation itself. Each state
 * change and each signal commits with its live event; the database's one-active-call index and
 * the transition table's compare-and-set decide races on any number of instances.
 */
import {
  LLAMADA_DURACION_MAX_MS,
  LLAMADA_TONO_MS,
  SENAL_VIGENCIA_MS,
  SENALES_POR_MINUTO,
  type AccionLlamada,
  type Colgar,
  type LadoLlamada,
  type Llamada,
  type MotivoFinLlamada,
  type NuevaLlamada,
  type Senal,
  type SenalRecibida,
} from '../../src/contract/calls.js'
import { EVENTOS } from '../../src/contract/care.js'
import type { Transaction } from 'kysely'
import type { AppDatabase, DatabaseSchema } from '../database/schema.js'
import type { SessionEnd } from '../database/session-ends.js'
import { HttpError } from '../http/http-errors.js'
import type { AccountStanding } from '../repositories/accounts.js'
import type { AsistenciaRepository, AsistenciaRow } from '../repositories/asistencias.js'
import type { Actor, AuditLog } from '../repositories/audit-log.js'
import type { EventoRepository } from '../repositories/eventos.js'
import type { LlamadaRepository, LlamadaRow } from '../repositories/llamadas.js'
import type { SenalRepository, SenalRow } from '../repositories/senales.js'
import { isParticipant, type Viewer } from './access.js'
import { notFoundAsistencia } from './care-service.js'

export interface CallServiceDeps {
  db: AppDatabase
  asistencias: Pick<AsistenciaRepository, 'findRow'>
  llamadas: LlamadaRepository
  senales: SenalRepository
  eventos: EventoRepository
  audit: AuditLog
  now: () => number
  /** Called after a commit that appended events for `tenant`. */
  onPublished: (tenant: string) => void
}

const notFoundLlamada = () => new HttpError(404, 'not_found', 'No se ha encontrado la llamada.')
const wrongState = (message: string) => new HttpError(409, 'estado_no_valido', message)

/** The side of the consultation `viewerId` is on (a participant's). */
function sideOf(viewerId: number, row: Pick<AsistenciaRow, 'paciente_id'>): LadoLlamada {
  return viewerId === row.paciente_id ? 'paciente' : 'profesional'
}

/** The call as its participants are answered. */
export function toLlamada(call: LlamadaRow, consultation: Pick<AsistenciaRow, 'paciente_id'>) {
  return {
    id: call.id,
    asistencia_id: call.asistencia_id,
    video: call.video === 1,
    estado: call.estado,
    motivo_fin: call.motivo_fin,
    iniciada_por: sideOf(call.iniciada_por, consultation),
    creada_en: call.creada_en,
    aceptada_en: call.aceptada_en,
    terminada_en: call.terminada_en,
  } satisfies Llamada
}

/**
 * The `senal` event's data for `viewer`, or undefined when it is not theirs or no longer means
 * anything: another person's signal, a call that is over, a signal older than
 * {@link SENAL_VIGENCIA_MS} (a stream resuming later never replays a stale negotiation).
 */
export function renderSignal(
  viewer: Viewer,
  signal: SenalRow,
  call: LlamadaRow | undefined,
  consultation: Pick<AsistenciaRow, 'paciente_id'>,
  nowMs: number,
): SenalRecibida | undefined {
  if (!call || call.estado === 'terminada' || signal.destinatario_id !== viewer.id) return undefined
  if (nowMs - Date.parse(signal.creada_en) > SENAL_VIGENCIA_MS) return undefined
  return {
    llamada_id: call.id,
    de: viewer.id === consultation.paciente_id ? 'profesional' : 'paciente',
    senal: JSON.parse(signal.contenido) as Senal,
  }
}

export type CallService = ReturnType<typeof createCallService>

export function createCallService(deps: CallServiceDeps) {
  const { db, asistencias, llamadas, senales, eventos, audit, now, onPublished } = deps
  const isoNow = () => new Date(now()).toISOString()

  /** The consultation, if `viewer` takes part in it; 404 otherwise (it does not exist for them). */
  async function consultationOf(viewer: AccountStanding, id: string): Promise<AsistenciaRow> {
    const row = await asistencias.findRow(id)
    if (!row || !isParticipant(viewer, row)) throw notFoundAsistencia()
    return row
  }

  /**
   * The call and its consultation, if `viewer` takes part in it (404 otherwise); a call found
   * ringing or running past its time is ended on the way, as the sweep would.
   */
  async function callOf(viewer: AccountStanding, asistenciaId: string, llamadaId: string) {
    const consultation = await consultationOf(viewer, asistenciaId)
    const found = await llamadas.find(llamadaId)
    if (found?.asistencia_id !== asistenciaId) throw notFoundLlamada()
    const motivo = dueReason(found)
    const call = motivo ? ((await transition(found.id, 'caducar', null, motivo)) ?? found) : found
    return { consultation, call }
  }

  /** Why `call` must end now by itself, if it must. */
  function dueReason(call: LlamadaRow): MotivoFinLlamada | undefined {
    const nowMs = now()
    if (call.estado === 'sonando' && Date.parse(call.creada_en) + LLAMADA_TONO_MS <= nowMs) {
      return 'sin_respuesta'
    }
    if (
      call.estado === 'en_curso' &&
      call.aceptada_en !== null &&
      Date.parse(call.aceptada_en) + LLAMADA_DURACION_MAX_MS <= nowMs
    ) {
      return 'duracion_maxima'
    }
    return undefined
  }

  function audited(call: LlamadaRow, actor: Actor | null, accion: string) {
    return {
      actor,
      change: {
        tenant: call.tenant,
        accion,
        objeto: call.asistencia_id,
        // When and how, never what was said or shown: calls are not recorded.
        antes: null,
        despues: { llamada: call.id, video: call.video === 1, motivo_fin: call.motivo_fin },
      },
    }
  }

  /**
   * Applies `action` to `id` inside `trx`, with its event (and an audit entry when the call
   * ends); the row after, or undefined when the call's state did not allow it (someone else was
   * first). Reads and writes through `trx` only.
   */
  async function applyWithEvent(
    trx: Transaction<DatabaseSchema>,
    id: string,
    action: AccionLlamada,
    actor: Actor | null,
    motivo?: MotivoFinLlamada,
  ): Promise<LlamadaRow | undefined> {
    const row = await llamadas.apply(trx, id, action, { at: isoNow(), motivo })
    if (!row) return undefined
    await eventos.append(trx, {
      tenant: row.tenant,
      tipo: EVENTOS.llamada,
      asistencia_id: row.asistencia_id,
      ref: row.id,
    })
    if (row.estado === 'terminada') {
      const entry = audited(row, actor, 'llamada.terminada')
      await audit.append(trx, entry.actor ?? systemActor(row), entry.change)
    }
    return row
  }

  /** {@link applyWithEvent} in a transaction of its own, waking the hospital's streams after. */
  async function transition(
    id: string,
    action: AccionLlamada,
    actor: Actor | null,
    motivo?: MotivoFinLlamada,
  ): Promise<LlamadaRow | undefined> {
    const changed = await db
      .transaction()
      .execute((trx) => applyWithEvent(trx, id, action, actor, motivo))
    if (changed) onPublished(changed.tenant)
    return changed
  }

  return {
    async list(viewer: AccountStanding, asistenciaId: string): Promise<Llamada[]> {
      const consultation = await consultationOf(viewer, asistenciaId)
      return (await llamadas.list(asistenciaId)).map((call) => toLlamada(call, consultation))
    },

    /** Starts a call; a repeat of the same id by the same person answers the same call. */
    async start(
      viewer: AccountStanding,
      asistenciaId: string,
      body: NuevaLlamada,
    ): Promise<{ created: boolean; call: Llamada }> {
      const consultation = await consultationOf(viewer, asistenciaId)
      if (consultation.origen === 'presencial') {
        throw new HttpError(
          409,
          'llamada_no_disponible',
          'Las visitas presenciales no tienen llamadas: la persona está en el centro.',
        )
      }
      if (consultation.estado !== 'en_curso') {
        throw wrongState('Solo se puede llamar durante una consulta en curso.')
      }
      const row: LlamadaRow = {
        id: body.id,
        tenant: consultation.tenant,
        asistencia_id: asistenciaId,
        iniciada_por: viewer.id,
        video: body.video ? 1 : 0,
        estado: 'sonando',
        motivo_fin: null,
        creada_en: isoNow(),
        aceptada_en: null,
        terminada_en: null,
      }
      const created = await db.transaction().execute(async (trx) => {
        if (!(await llamadas.insert(trx, row))) return false
        await eventos.append(trx, {
          tenant: row.tenant,
          tipo: EVENTOS.llamada,
          asistencia_id: asistenciaId,
          ref: row.id,
        })
        const entry = audited(row, viewer, 'llamada.iniciada')
        await audit.append(trx, viewer, entry.change)
        return true
      })
      if (created) {
        onPublished(row.tenant)
        return { created, call: toLlamada(row, consultation) }
      }
      const existing = await llamadas.find(body.id)
      if (
        existing?.asistencia_id === asistenciaId &&
        existing.iniciada_por === viewer.id &&
        existing.video === row.video
      ) {
        return { created: false, call: toLlamada(existing, consultation) }
      }
      if (existing) {
        throw new HttpError(409, 'id_en_uso', 'Ese identificador ya se usó para otra llamada.')
      }
      throw new HttpError(409, 'llamada_activa', 'Ya hay una llamada en esta consulta.')
    },

    /** The person called answers or declines; the caller cannot answer their own call. */
    async answer(
      viewer: AccountStanding,
      asistenciaId: string,
      llamadaId: string,
      action: 'aceptar' | 'rechazar',
    ): Promise<Llamada> {
      const { consultation, call } = await callOf(viewer, asistenciaId, llamadaId)
      if (call.iniciada_por === viewer.id) {
        throw wrongState('La llamada la responde la otra persona.')
      }
      const changed = await transition(
        call.id,
        action,
        viewer,
        action === 'rechazar' ? 'rechazada' : undefined,
      )
      if (!changed) throw wrongState('La llamada ya no está sonando.')
      return toLlamada(changed, consultation)
    },

    /** Either participant ends the call (ringing or running); a call already over answers as it is. */
    async hangUp(
      viewer: AccountStanding,
      asistenciaId: string,
      llamadaId: string,
      body: Colgar,
    ): Promise<Llamada> {
      const { consultation, call } = await callOf(viewer, asistenciaId, llamadaId)
      const changed = await transition(call.id, 'colgar', viewer, body.motivo ?? 'colgada')
      return toLlamada(changed ?? (await llamadas.find(call.id)) ?? call, consultation)
    },

    /** Passes one signal to the other participant, while the call is not over. */
    async signal(
      viewer: AccountStanding,
      asistenciaId: string,
      llamadaId: string,
      senal: Senal,
    ): Promise<void> {
      const { consultation, call } = await callOf(viewer, asistenciaId, llamadaId)
      if (call.estado === 'terminada' || consultation.estado !== 'en_curso') {
        throw wrongState('La llamada ha terminado.')
      }
      const to =
        viewer.id === consultation.paciente_id
          ? consultation.profesional_id
          : consultation.paciente_id
      if (to === null) throw wrongState('La llamada ha terminado.')
      const since = new Date(now() - 60_000).toISOString()
      if ((await senales.countSince(call.id, to, since)) >= SENALES_POR_MINUTO) {
        throw new HttpError(
          429,
          'rate_limited',
          'Demasiadas señales de llamada. Espera un momento.',
          undefined,
          {
            retryAfterSeconds: 5,
          },
        )
      }
      await db.transaction().execute(async (trx) => {
        const id = await senales.insert(trx, {
          llamada_id: call.id,
          destinatario_id: to,
          contenido: JSON.stringify(senal),
          creada_en: isoNow(),
        })
        await eventos.append(trx, {
          tenant: call.tenant,
          tipo: EVENTOS.senal,
          asistencia_id: asistenciaId,
          ref: String(id),
        })
      })
      onPublished(call.tenant)
    },

    /**
     * Ends, inside the caller's transaction, the consultation's call that is ringing or running:
     * finishing a consultation ends its call; the caller wakes the hospital's streams.
     */
    async endWithConsultation(
      trx: Transaction<DatabaseSchema>,
      asistenciaId: string,
    ): Promise<void> {
      const active = await llamadas.findActive(asistenciaId, trx)
      if (!active) return
      await applyWithEvent(trx, active.id, 'finalizar_consulta', null, 'consulta_finalizada')
    },

    /**
     * Ends, inside the transaction that ends these sessions, every call their accounts ring in
     * or take part in: a person whose sessions end (a new password, an account disabled or
     * closed, a hospital disabled) leaves their calls at once, and the other side is told ("La
     * llamada ha terminado") by the `llamada` event, which the live streams read once the session
     * end is heard (after the commit). `by`, who ended the sessions, is named in the audit trail.
     */
    async endWithSessions(
      trx: Transaction<DatabaseSchema>,
      ended: SessionEnd,
      by: Actor | null,
    ): Promise<void> {
      for (const call of await llamadas.listActiveOfSessions(trx, ended)) {
        await applyWithEvent(trx, call.id, 'colgar', by, 'sesion_terminada')
      }
    },

    /** Ends calls nobody answered in time and calls at their longest; forgets stale signals. */
    async sweep(): Promise<number> {
      const nowMs = now()
      const due = await llamadas.listDue(
        new Date(nowMs - LLAMADA_TONO_MS).toISOString(),
        new Date(nowMs - LLAMADA_DURACION_MAX_MS).toISOString(),
      )
      let ended = 0
      for (const call of due) {
        const motivo = call.estado === 'sonando' ? 'sin_respuesta' : 'duracion_maxima'
        if (await transition(call.id, 'caducar', null, motivo)) ended += 1
      }
      await senales.pruneBefore(new Date(nowMs - SENAL_VIGENCIA_MS).toISOString())
      return ended
    },
  }
}

/** The audit log's author of what the system does by itself (a timeout, a finished consultation). */
function systemActor(call: Pick<LlamadaRow, 'tenant'>) {
  return { id: 0, email: 'sistema', tenant: call.tenant, rol: 'admin' as const }
}
