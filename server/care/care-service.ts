/**
 * The care journey's operations: each change and its live event commit in one transaction, then
 * the instance's live hub is woken (other instances hear of it through the database). Throws
 * {@link HttpError}s with the answers the routes give.
 */
import {
  COMENTARIO_FIELD,
  DEFAULT_CADUCIDAD_MINUTOS,
  DEMASIADAS_SOLICITUDES,
  ESPECIALIDAD_FIELD,
  EVENTOS,
  MAX_FOTOS_POR_ASISTENCIA,
  MAX_FOTOS_POR_CONVERSACION,
  MENSAJES_POR_VENTANA,
  MENSAJES_VENTANA_MS,
  MENSAJE_FIELD,
  MOTIVO_FIELD,
  RESUMEN_FIELD,
  type Asistencia,
  type EstadoAsistencia,
  type Mensaje,
  type NuevaAsistencia,
  type NuevoMensaje,
  type Valoracion,
} from '../../src/contract/care.js'
import {
  DERIVACION_PLAZO_HORAS,
  NOTA_DERIVACION_FIELD,
  type NuevaDerivacion,
  type Referidos,
} from '../../src/contract/referrals.js'
import { MOTIVO_CIERRE_FIELD } from '../../src/contract/shift-board.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import type { Transaction } from 'kysely'
import type { AppDatabase, DatabaseSchema } from '../database/schema.js'
import type { AccountStanding } from '../repositories/accounts.js'
import {
  asSeenAt,
  type AsistenciaRepository,
  type AsistenciaRow,
  type AsistenciaView,
} from '../repositories/asistencias.js'
import { STAFF_READ_ACTION, type AuditLog } from '../repositories/audit-log.js'
import type { EventoRepository } from '../repositories/eventos.js'
import type { FotoRepository } from '../repositories/fotos.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { MensajeRepository } from '../repositories/mensajes.js'
import type { PresenciaRepository } from '../repositories/presencia.js'
import type { AccountRepository } from '../repositories/accounts.js'
import type { EspecialidadRepository } from '../repositories/especialidades.js'
import { isAllowedIn } from '../../src/contract/care-transitions.js'
import { isEntitled, isTimely, may, requestListOf } from '../../src/contract/permissions.js'
import { readCareText } from '../http/input-rules.js'
import type { LECTURA_REGISTRO } from '../../src/contract/record.js'
import { takeTurns } from '../database/engine.js'
import {
  isAddressedElsewhere,
  isStaffOf,
  mayReadReferralNote,
  maySee,
  requestFacts,
  type Viewer,
} from './access.js'
import type { CallService } from './calls.js'
import { estimateWait, fotoUrl, toAsistencia, toMensaje } from './records.js'

export interface CareServiceDeps {
  db: AppDatabase
  asistencias: AsistenciaRepository
  mensajes: MensajeRepository
  fotos: FotoRepository
  eventos: EventoRepository
  hospitals: Pick<HospitalRepository, 'findCaducidadMinutos'>
  /** Offers a request's colleagues; ends a guest's session when its request is over. */
  accounts: Pick<AccountRepository, 'listProfessionals' | 'endGuestSessionsOf'>
  /** The hospital's specialties: a request or a referral names one it offers. */
  especialidades: Pick<EspecialidadRepository, 'offered'>
  audit: AuditLog
  /** Finishing a consultation ends its call. */
  calls: Pick<CallService, 'endWithConsultation'>
  /** Open requests one patient may have at once (`MAX_OPEN_REQUESTS`). */
  maxOpenRequests: number
  /** Who is on duty: a waiting patient's estimate says when nobody is. */
  presencia: Pick<PresenciaRepository, 'available'>
  now: () => number
  /** Called after a commit that appended events for `tenant`. */
  onPublished: (tenant: string) => void
  /** Called once a consultation is finished (after its commit): its guest's summary email. */
  onFinished?: (view: AsistenciaView) => void
}

export const notFoundAsistencia = () =>
  new HttpError(404, 'not_found', 'No se ha encontrado la consulta.')
const forbidden = () => new HttpError(403, 'forbidden', MESSAGES.forbidden)
const wrongState = (message: string) => new HttpError(409, 'estado_no_valido', message)
const invalid = (message: string) => new HttpError(400, 'invalid_request', message)
const tooManyOpenRequests = (limit: number) =>
  new HttpError(
    409,
    DEMASIADAS_SOLICITUDES,
    `Ya tienes ${String(limit)} solicitudes abiertas. Espera a que termine alguna o cancela una antes de pedir otra.`,
  )

const INACTIVE_MESSAGES: Partial<Record<EstadoAsistencia, string>> = {
  finalizada: 'La consulta ya ha finalizado.',
  cancelada: 'La solicitud fue cancelada.',
  caducada: 'La solicitud caducó sin que nadie la atendiera.',
}

/**
 * Why a consultation in `estado` takes no more photos (closed, or its request's or
 * conversation's limit reached), or null when it takes one more.
 */
async function photoRefusal(
  estado: EstadoAsistencia,
  count: (adjunta: boolean) => Promise<number>,
): Promise<HttpError | null> {
  if (!isAllowedIn(estado, 'adjuntar_foto')) return wrongState('La consulta ya no admite fotos.')
  const adjunta = estado === 'en_espera'
  const limit = adjunta ? MAX_FOTOS_POR_ASISTENCIA : MAX_FOTOS_POR_CONVERSACION
  if ((await count(adjunta)) < limit) return null
  return new HttpError(
    409,
    'demasiadas_fotos',
    adjunta
      ? `Una solicitud admite como máximo ${String(MAX_FOTOS_POR_ASISTENCIA)} fotos.`
      : `Una conversación admite como máximo ${String(MAX_FOTOS_POR_CONVERSACION)} fotos.`,
  )
}

export type CareService = ReturnType<typeof createCareService>

export function createCareService(deps: CareServiceDeps) {
  const { db, asistencias, mensajes, fotos, eventos, audit, accounts, now, onPublished } = deps
  const isoNow = () => new Date(now()).toISOString()

  /** The request as `viewer` may see it: with `espera` for its waiting patient. */
  async function describe(viewer: Viewer, stored: AsistenciaView): Promise<Asistencia> {
    const at = isoNow()
    const view = asSeenAt(stored, at)
    const withReferralNote = mayReadReferralNote(viewer, view)
    if (view.estado !== 'en_espera' || view.paciente_id !== viewer.id)
      return toAsistencia(view, null, { withReferralNote })
    const [posicion, waits, onDuty] = await Promise.all([
      asistencias.queuePosition(view, at),
      asistencias.recentWaitsMinutes(view.tenant),
      deps.presencia.available(view.tenant, at),
    ])
    return toAsistencia(view, estimateWait(posicion, waits, onDuty.size), { withReferralNote })
  }

  async function viewOrThrow(id: string): Promise<AsistenciaView> {
    const view = await asistencias.findView(id)
    if (!view) throw new Error(`Request ${id} vanished after its change.`)
    return view
  }

  /**
   * Expires the request if its time is up, writing that row only (the check on a record's read
   * that backs the periodic sweep; lists show due requests as expired without writing).
   */
  async function expireIfDue(row: AsistenciaRow): Promise<AsistenciaRow> {
    if (!isAllowedIn(row.estado, 'caducar') || row.caduca_en > isoNow()) return row
    await expireDue(row.id)
    return (await asistencias.findRow(row.id)) ?? row
  }

  /** A request `viewer` may see, expired on the way if due; 404 otherwise. */
  async function visibleRow(viewer: Viewer, id: string): Promise<AsistenciaRow> {
    const row = await asistencias.findRow(id)
    if (!row || !maySee(viewer, row)) throw notFoundAsistencia()
    return expireIfDue(row)
  }

  /** Expires every waiting request past its limit (or just `id`); safe on several instances. */
  async function expireDue(id?: string): Promise<number> {
    const expired = await db.transaction().execute(async (trx) => {
      const rows = await asistencias.expireDue(trx, isoNow(), id)
      // A guest's session outlives an expiry (until its own end): their screen can still read
      // that nobody could take it, and how to reach the hospital.
      for (const row of rows) {
        await eventos.append(trx, {
          tenant: row.tenant,
          tipo: EVENTOS.asistencia,
          asistencia_id: row.id,
          ref: null,
        })
      }
      return rows
    })
    for (const tenant of new Set(expired.map((row) => row.tenant))) onPublished(tenant)
    return expired.length
  }

  /**
   * Writes a staff member's read of a patient's request (its record, conversation or a photo) to
   * the hospital's audit log: who, when, which request and what of it, never its content.
   */
  async function auditStaffRead(
    viewer: AccountStanding,
    row: Pick<AsistenciaRow, 'id' | 'tenant' | 'paciente_id'>,
    what:
      | { leido: 'conversacion' | (typeof LECTURA_REGISTRO)[keyof typeof LECTURA_REGISTRO] }
      | { leido: 'foto'; foto: string }
      | null,
  ): Promise<void> {
    if (!isStaffOf(viewer, row.tenant) || row.paciente_id === viewer.id) return
    await db.transaction().execute((trx) =>
      audit.append(trx, viewer, {
        tenant: row.tenant,
        accion: STAFF_READ_ACTION,
        objeto: row.id,
        antes: null,
        despues: what,
      }),
    )
  }

  /** Runs `change` and appends the request's event in one transaction, then wakes the hub. */
  async function changeWithEvent(
    row: Pick<AsistenciaRow, 'id' | 'tenant'>,
    change: (trx: Transaction<DatabaseSchema>) => Promise<boolean>,
    tipo: string = EVENTOS.asistencia,
    ref: string | null = null,
  ): Promise<boolean> {
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await change(trx))) return false
      await eventos.append(trx, { tenant: row.tenant, tipo, asistencia_id: row.id, ref })
      return true
    })
    if (changed) onPublished(row.tenant)
    return changed
  }

  /** The 409 of a board action that lost: the request is no longer waiting, and why. */
  async function notWaitingError(id: string): Promise<HttpError> {
    const current = await asistencias.findRow(id)
    if (current?.estado === 'en_curso') {
      return new HttpError(409, 'ya_atendida', 'Un profesional ya la está atendiendo.')
    }
    return wrongState(
      (current && INACTIVE_MESSAGES[current.estado]) ?? 'La solicitud ya no está en espera.',
    )
  }

  /** The specialty as stored: one the hospital offers, or a Spanish 400. */
  async function readSpecialty(tenant: string, value: string): Promise<string> {
    const especialidad = readCareText(value, ESPECIALIDAD_FIELD)
    if (!(await deps.especialidades.offered(tenant)).includes(especialidad)) {
      throw invalid('Este centro no ofrece esa especialidad.')
    }
    return especialidad
  }

  return {
    describe,
    expireDue,
    visibleRow,
    auditStaffRead,

    async create(
      patient: AccountStanding,
      body: NuevaAsistencia,
    ): Promise<{ created: boolean; record: Asistencia }> {
      if (!may(patient, 'solicitar')) throw forbidden()
      const motivo = readCareText(body.motivo, MOTIVO_FIELD)
      const especialidad =
        body.especialidad === undefined
          ? null
          : await readSpecialty(patient.tenant, body.especialidad)
      const minutes =
        (await deps.hospitals.findCaducidadMinutos(patient.tenant)) ?? DEFAULT_CADUCIDAD_MINUTOS
      const created = now()
      const row: AsistenciaRow = {
        id: body.id,
        tenant: patient.tenant,
        estado: 'en_espera',
        origen: 'paciente',
        motivo,
        especialidad,
        paciente_id: patient.id,
        profesional_id: null,
        creada_en: new Date(created).toISOString(),
        atendida_en: null,
        cerrada_en: null,
        caduca_en: new Date(created + minutes * 60_000).toISOString(),
        resumen: null,
        puntuacion: null,
        comentario: null,
        ticket: null,
        derivada_de: null,
        asignada_a: null,
        motivo_cierre: null,
        contacto: null,
      }
      const inserted = await changeWithEvent(row, async (trx) => {
        // One patient's creates take turns, so the count below and the insert are one step for
        // every instance: concurrent creates never pass the limit together.
        await takeTurns(trx, `solicitudes-abiertas:${String(patient.id)}`)
        const isReplay = (await asistencias.findRow(body.id, trx)) !== undefined
        if (
          !isReplay &&
          (await asistencias.countOpenOf(trx, patient.id, row.creada_en)) >= deps.maxOpenRequests
        ) {
          throw tooManyOpenRequests(deps.maxOpenRequests)
        }
        return asistencias.insert(trx, row)
      })
      if (!inserted) {
        // A replay of the same request answers it; an id taken by anything else is refused
        // alike, whoever owns it, so nothing is learnt about other people's requests.
        const existing = await asistencias.findRow(body.id)
        if (
          existing?.paciente_id !== patient.id ||
          existing.motivo !== row.motivo ||
          existing.especialidad !== row.especialidad
        ) {
          throw new HttpError(409, 'id_en_uso', 'Ese identificador ya se usó para otra solicitud.')
        }
      }
      return { created: inserted, record: await describe(patient, await viewOrThrow(body.id)) }
    },

    /**
     * What `viewer` follows. A professional gets the queue (a page, after the request `afterId`
     * when given) and, on the first page, the requests they attend.
     */
    async list(viewer: AccountStanding, afterId?: string): Promise<Asistencia[]> {
      const at = isoNow()
      const scope = requestListOf(viewer)
      if (scope === 'own') {
        const own = await asistencias.listForPatient(viewer.id)
        return Promise.all(own.map((view) => describe(viewer, view)))
      }
      if (scope === 'queue') {
        const [queue, own] = await Promise.all([
          asistencias.listQueue(
            viewer.tenant,
            at,
            afterId,
            may(viewer, 'atender') ? viewer.id : undefined,
          ),
          afterId === undefined ? asistencias.listForProfessional(viewer.id) : [],
        ])
        return [...queue.filter((view) => !isAddressedElsewhere(viewer, view)), ...own].map(
          (view) => toAsistencia(asSeenAt(view, at), null),
        )
      }
      const open = await asistencias.listOpen(viewer.tenant, at)
      return open.map((view) => toAsistencia(view, null))
    },

    /** One request; staff reads are written to the hospital's audit log. */
    async read(viewer: AccountStanding, id: string): Promise<Asistencia> {
      await visibleRow(viewer, id)
      const view = await viewOrThrow(id)
      await auditStaffRead(viewer, view, null)
      return describe(viewer, view)
    },

    async claim(professional: AccountStanding, id: string): Promise<Asistencia> {
      const row = await visibleRow(professional, id)
      if (!may(professional, 'atender')) throw forbidden()
      if (isAddressedElsewhere(professional, await viewOrThrow(id))) {
        throw new HttpError(403, 'forbidden', 'Esta solicitud está dirigida a otro profesional.')
      }
      const won = await changeWithEvent(row, (trx) =>
        asistencias.claim(trx, id, professional.id, isoNow()),
      )
      if (!won) {
        const current = await asistencias.findRow(id)
        // Assigned to a colleague on the board between the check above and the update.
        if (current?.estado === 'en_espera' && current.asignada_a !== null) {
          throw new HttpError(
            409,
            'asignada_a_otro',
            'Esta solicitud está asignada a otro profesional.',
          )
        }
        throw current?.estado === 'en_curso' && current.profesional_id !== professional.id
          ? new HttpError(409, 'ya_atendida', 'Otro profesional ya la está atendiendo')
          : wrongState(
              (current && INACTIVE_MESSAGES[current.estado]) ??
                'La solicitud ya no está en espera.',
            )
      }
      return toAsistencia(await viewOrThrow(id), null)
    },

    async finish(professional: AccountStanding, id: string, text: string): Promise<Asistencia> {
      const resumen = readCareText(text, RESUMEN_FIELD)
      const row = await visibleRow(professional, id)
      if (!isEntitled(professional, 'finalizar', requestFacts(row))) throw forbidden()
      const done = await changeWithEvent(row, async (trx) => {
        const at = isoNow()
        if (!(await asistencias.finish(trx, id, professional.id, resumen, at))) return false
        await deps.calls.endWithConsultation(trx, id)
        // A guest's session ends with its consultation.
        await accounts.endGuestSessionsOf(trx, [id], at)
        return true
      })
      if (!done) throw wrongState('Solo se puede finalizar una consulta en curso.')
      const finished = await viewOrThrow(id)
      deps.onFinished?.(finished)
      return toAsistencia(finished, null)
    },

    async cancel(patient: AccountStanding, id: string): Promise<Asistencia> {
      const row = await visibleRow(patient, id)
      if (!isEntitled(patient, 'cancelar', requestFacts(row))) throw forbidden()
      const done = await changeWithEvent(row, async (trx) => {
        const at = isoNow()
        if (!(await asistencias.cancel(trx, id, patient.id, at))) return false
        await accounts.endGuestSessionsOf(trx, [id], at)
        return true
      })
      if (!done) throw wrongState('Solo se puede cancelar una solicitud que sigue en espera.')
      return describe(patient, await viewOrThrow(id))
    },

    async rate(patient: AccountStanding, id: string, valoracion: Valoracion): Promise<Asistencia> {
      const comentario =
        valoracion.comentario === undefined || valoracion.comentario.trim() === ''
          ? null
          : readCareText(valoracion.comentario, COMENTARIO_FIELD)
      const row = await visibleRow(patient, id)
      if (!isEntitled(patient, 'valorar', requestFacts(row))) throw forbidden()
      if (!isAllowedIn(row.estado, 'valorar'))
        throw wrongState('Solo se valora una consulta finalizada.')
      const done = await changeWithEvent(row, (trx) =>
        asistencias.rate(trx, id, patient.id, valoracion.puntuacion, comentario),
      )
      if (!done) throw new HttpError(409, 'ya_valorada', 'Esta consulta ya está valorada.')
      return describe(patient, await viewOrThrow(id))
    },

    /**
     * Refers the patient of request `id` to a specialty or a named professional of the same
     * hospital: a new waiting request for the same patient, linked to the first one, carrying
     * the note. Only the professional who attends it, while attending or within
     * {@link DERIVACION_PLAZO_HORAS} hours of finishing. A repeat with the same id answers the same.
     */
    async refer(
      professional: AccountStanding,
      id: string,
      body: NuevaDerivacion,
    ): Promise<{ created: boolean; record: Asistencia }> {
      const source = await visibleRow(professional, id)
      if (!isEntitled(professional, 'derivar', requestFacts(source))) throw forbidden()
      if ((body.especialidad === undefined) === (body.profesional_id === undefined)) {
        throw invalid('Elige una especialidad o un profesional, uno de los dos.')
      }
      const nota = readCareText(body.nota, NOTA_DERIVACION_FIELD)
      let especialidad: string | null
      if (body.profesional_id !== undefined) {
        const colleagues = await accounts.listProfessionals(source.tenant)
        const named = colleagues.find((colleague) => colleague.id === body.profesional_id)
        if (!named || named.id === professional.id) {
          throw invalid('Elige un profesional de este centro distinto de ti.')
        }
        // Addressed to the person: their first specialty tells the queues what it is about.
        especialidad = named.especialidades[0] ?? null
      } else {
        especialidad = await readSpecialty(source.tenant, body.especialidad ?? '')
      }

      // A replay (or a concurrent twin) answers the same referral; an id used for anything else
      // is refused alike, whoever used it.
      const replayOf = (existing: AsistenciaView) => {
        if (
          existing.derivada_de !== id ||
          existing.derivador_id !== professional.id ||
          existing.nota_derivacion !== nota ||
          existing.destinatario_id !== (body.profesional_id ?? null) ||
          existing.especialidad !== especialidad
        ) {
          throw new HttpError(409, 'id_en_uso', 'Ese identificador ya se usó para otra solicitud.')
        }
        return { created: false, record: toAsistencia(existing, null) }
      }
      const existing = await asistencias.findView(body.id)
      if (existing) return replayOf(existing)

      const at = now()
      if (!isTimely('derivar', requestFacts(source), at)) {
        throw wrongState(
          `Solo se deriva una consulta en curso o finalizada hace menos de ${String(DERIVACION_PLAZO_HORAS)} horas.`,
        )
      }
      const minutes =
        (await deps.hospitals.findCaducidadMinutos(source.tenant)) ?? DEFAULT_CADUCIDAD_MINUTOS
      const row: AsistenciaRow = {
        id: body.id,
        tenant: source.tenant,
        estado: 'en_espera',
        // A referral is the patient's own request, whatever the first one's origin was.
        origen: 'paciente',
        motivo: source.motivo,
        especialidad,
        paciente_id: source.paciente_id,
        profesional_id: null,
        creada_en: new Date(at).toISOString(),
        atendida_en: null,
        cerrada_en: null,
        caduca_en: new Date(at + minutes * 60_000).toISOString(),
        resumen: null,
        puntuacion: null,
        comentario: null,
        ticket: null,
        derivada_de: id,
        asignada_a: null,
        motivo_cierre: null,
        // Whoever takes it may need to call back someone who came without an account.
        contacto: source.contacto,
      }
      const inserted = await changeWithEvent(row, async (trx) => {
        if (!(await asistencias.insert(trx, row))) return false
        await asistencias.insertReferral(trx, {
          asistencia_id: row.id,
          por_id: professional.id,
          a_id: body.profesional_id ?? null,
          nota,
        })
        return true
      })
      if (!inserted) return replayOf(await viewOrThrow(body.id))
      return { created: true, record: toAsistencia(await viewOrThrow(body.id), null) }
    },

    /** A professional's referrals, made and received, with the first requests' summaries. */
    async referrals(professional: AccountStanding): Promise<Referidos> {
      if (!may(professional, 'derivar')) throw forbidden()
      const at = isoNow()
      const colleagues = await accounts.listProfessionals(professional.tenant)
      const own = colleagues.find((colleague) => colleague.id === professional.id)
      const { enviadas, recibidas } = await asistencias.listReferrals(
        professional.tenant,
        professional.id,
        own?.especialidades ?? [],
      )
      return {
        enviadas: enviadas.map((view) => toAsistencia(asSeenAt(view, at), null)),
        recibidas: recibidas.map((view) => toAsistencia(asSeenAt(view, at), null)),
      }
    },

    /**
     * Assigns a waiting request to one professional of the hospital (its administrators, on the
     * board): from then on only they see it in their queue and take it, as a referral named to
     * them. A race with "Atender" has one winner: both are conditional updates of the waiting row.
     */
    async assign(admin: AccountStanding, id: string, profesionalId: number): Promise<Asistencia> {
      const row = await visibleRow(admin, id)
      if (!isEntitled(admin, 'asignar', requestFacts(row))) throw forbidden()
      const colleagues = await accounts.listProfessionals(row.tenant)
      const named = colleagues.find((colleague) => colleague.id === profesionalId)
      if (!named) throw invalid('Elige un profesional de este centro.')
      const before = await viewOrThrow(id)
      const done = await changeWithEvent(row, async (trx) => {
        if (!(await asistencias.assign(trx, id, named.id, isoNow()))) return false
        await audit.append(trx, admin, {
          tenant: row.tenant,
          accion: 'asistencia.asignada',
          objeto: id,
          antes: { asignada_a: before.destinatario_id },
          despues: { asignada_a: named.id },
        })
        return true
      })
      if (!done) throw await notWaitingError(id)
      return toAsistencia(await viewOrThrow(id), null)
    },

    /**
     * Closes a waiting request with a reason (its administrators, on the board): it is
     * cancelled, and its patient's screen says why. One winner against "Atender".
     */
    async close(admin: AccountStanding, id: string, text: string): Promise<Asistencia> {
      const motivo = readCareText(text, MOTIVO_CIERRE_FIELD)
      const row = await visibleRow(admin, id)
      if (!isEntitled(admin, 'cerrar', requestFacts(row))) throw forbidden()
      const done = await changeWithEvent(row, async (trx) => {
        const at = isoNow()
        if (!(await asistencias.close(trx, id, motivo, at))) return false
        // A guest's session ends with its request, as when they cancel it themselves.
        await accounts.endGuestSessionsOf(trx, [id], at)
        await audit.append(trx, admin, {
          tenant: row.tenant,
          accion: 'asistencia.cerrada',
          objeto: id,
          antes: { estado: row.estado },
          despues: { estado: 'cancelada', motivo },
        })
        return true
      })
      if (!done) throw await notWaitingError(id)
      return toAsistencia(await viewOrThrow(id), null)
    },

    /** A page of the conversation: the newest, or the one before message `beforeId`. */
    async listMessages(viewer: AccountStanding, id: string, beforeId?: string): Promise<Mensaje[]> {
      const row = await visibleRow(viewer, id)
      await auditStaffRead(viewer, row, { leido: 'conversacion' })
      return (await mensajes.list(id, beforeId)).map(toMensaje)
    },

    async postMessage(
      author: AccountStanding,
      id: string,
      body: NuevoMensaje,
    ): Promise<{ created: boolean; message: Mensaje }> {
      const row = await visibleRow(author, id)
      if (!isEntitled(author, 'escribir', requestFacts(row))) throw forbidden()
      // A photo may go alone; any text it carries follows the one rule.
      const texto =
        body.foto !== undefined && body.texto.trim() === ''
          ? ''
          : readCareText(body.texto, MENSAJE_FIELD)
      if (body.foto !== undefined) {
        const foto = await fotos.find(id, body.foto)
        if (foto?.autor_id !== author.id) {
          throw new HttpError(400, 'invalid_request', 'La foto no pertenece a esta consulta.')
        }
      }
      const isReplay = (await mensajes.find(body.id)) !== undefined
      const created = await changeWithEvent(
        row,
        async (trx) => {
          // Checked inside the transaction: a message never lands in a closed consultation.
          const current = await asistencias.findRow(id, trx)
          if (!current || !isAllowedIn(current.estado, 'escribir')) return false
          // A replay of a message already kept is answered below, whatever the pace.
          if (!isReplay) {
            const since = new Date(now() - MENSAJES_VENTANA_MS).toISOString()
            if ((await mensajes.countSince(trx, id, author.id, since)) >= MENSAJES_POR_VENTANA) {
              throw new HttpError(
                429,
                'rate_limited',
                'Estás enviando mensajes demasiado deprisa. Espera unos segundos.',
                undefined,
                { retryAfterSeconds: Math.ceil(MENSAJES_VENTANA_MS / 1000) },
              )
            }
          }
          return mensajes.insert(trx, {
            id: body.id,
            asistencia_id: id,
            autor_id: author.id,
            texto,
            foto_id: body.foto ?? null,
            creado_en: isoNow(),
          })
        },
        EVENTOS.mensaje,
        body.id,
      )
      const stored = await mensajes.find(body.id)
      if (created && stored) return { created, message: toMensaje(stored) }
      if (stored?.asistencia_id === id && stored.autor_id === author.id && stored.texto === texto) {
        return { created: false, message: toMensaje(stored) }
      }
      if (stored) {
        throw new HttpError(409, 'id_en_uso', 'Ese identificador ya se usó para otro mensaje.')
      }
      throw wrongState('Solo se puede escribir en una consulta en curso.')
    },

    /** Stores a photo for the request (its patient, while waiting) or its conversation. */
    async addPhoto(
      author: AccountStanding,
      id: string,
      fotoId: string,
      process: () => Promise<Buffer>,
    ): Promise<{ id: string; url: string }> {
      const row = await visibleRow(author, id)
      if (!isEntitled(author, 'adjuntar_foto', requestFacts(row))) throw forbidden()
      // Refused before the file is read when already full; counted again with the insert.
      const early = await photoRefusal(row.estado, (adjunta) => fotos.count(id, adjunta))
      if (early) throw early
      const jpeg = await process()
      const adjunta = await db.transaction().execute(async (trx) => {
        // One consultation's uploads take turns, so the count and the insert are one step for
        // every instance: a burst never stores more than the limit.
        await takeTurns(trx, `fotos:${id}`)
        const current = await asistencias.findRow(id, trx)
        if (!current) throw notFoundAsistencia()
        const late = await photoRefusal(current.estado, (attached) =>
          fotos.count(id, attached, trx),
        )
        if (late) throw late
        const attached = current.estado === 'en_espera'
        await fotos.insert(trx, {
          id: fotoId,
          asistencia_id: id,
          autor_id: author.id,
          adjunta: attached ? 1 : 0,
          jpeg,
          creada_en: isoNow(),
        })
        // The request's record lists its photos: those watching it see the new one.
        if (attached) {
          await eventos.append(trx, {
            tenant: row.tenant,
            tipo: EVENTOS.asistencia,
            asistencia_id: id,
            ref: null,
          })
        }
        return attached
      })
      if (adjunta) onPublished(row.tenant)
      return { id: fotoId, url: fotoUrl(id, fotoId) }
    },

    async readPhoto(viewer: AccountStanding, id: string, fotoId: string): Promise<Buffer> {
      const row = await visibleRow(viewer, id)
      const foto = await fotos.find(id, fotoId)
      if (!foto) throw notFoundAsistencia()
      await auditStaffRead(viewer, row, { leido: 'foto', foto: fotoId })
      return foto.jpeg
    },
  }
}
