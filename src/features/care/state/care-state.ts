/**
 * The care screens' state rules, pure: how a live record or message joins what a screen shows,
 * which phase a request is in, and the Spanish words for waits and states.
 */
import {
  comesFirstInQueue,
  isEstadoInactivo,
  type Asistencia,
  type Espera,
  type EstadoInactivo,
  type Mensaje,
  type Profesional,
} from '../../../contract/care'
import { isAllowedIn } from '../../../contract/care-transitions'
import { factsOf, isAddressedToOther } from '../../../contract/permissions'

/** What the shared screen of a request shows: the waiting room, the consultation, or neither. */
export type Fase = 'espera' | 'consulta' | 'inactiva'

export function faseOf(asistencia: Asistencia): Fase {
  if (asistencia.estado === 'en_espera') return 'espera'
  if (asistencia.estado === 'en_curso') return 'consulta'
  return 'inactiva'
}

/** `list` with `record` in it: replaced where its id is, else added. */
export function upsertAsistencia(list: readonly Asistencia[], record: Asistencia): Asistencia[] {
  const index = list.findIndex((entry) => entry.id === record.id)
  if (index === -1) return [...list, record]
  return list.map((entry, at) => (at === index ? record : entry))
}

/**
 * A referral addressed to another professional: theirs to take, in nobody else's queue (its
 * referrer's stream still carries it, for their list of sent referrals).
 */
export function isForColleague(record: Asistencia, professionalId: number | undefined): boolean {
  return isAddressedToOther(factsOf(record), professionalId)
}

/**
 * A professional's list after a live record: the hospital's waiting requests and their own. The
 * stream tells every professional of every request (so queues stay live); one taken by a
 * colleague, or cancelled or expired while waiting, leaves this list instead of joining it, and
 * a referral addressed to a colleague never joins it.
 */
export function applyToStaffList(
  list: readonly Asistencia[],
  record: Asistencia,
  professionalId: number | undefined,
): Asistencia[] {
  const isMine = professionalId !== undefined && record.profesional?.id === professionalId
  const isTakeable =
    isAllowedIn(record.estado, 'atender') && !isForColleague(record, professionalId)
  if (isTakeable || isMine) {
    return upsertAsistencia(list, record)
  }
  return list.filter((entry) => entry.id !== record.id)
}

/** The waiting queue: requests still waiting, oldest first. */
export function waitingQueue(list: readonly Asistencia[]): Asistencia[] {
  return list
    .filter((entry) => entry.estado === 'en_espera')
    .sort(
      (a, b) =>
        Number(comesFirstInQueue(b.origen)) - Number(comesFirstInQueue(a.origen)) ||
        Date.parse(a.creada_en) - Date.parse(b.creada_en),
    )
}

/** Requests that are open (waiting or in consultation), oldest first. */
export function openRequests(list: readonly Asistencia[]): Asistencia[] {
  return list
    .filter((entry) => !isEstadoInactivo(entry.estado))
    .sort((a, b) => Date.parse(a.creada_en) - Date.parse(b.creada_en))
}

/** Requests that are over, the most recently closed first. */
export function pastRequests(list: readonly Asistencia[]): Asistencia[] {
  const closedAt = (entry: Asistencia) => Date.parse(entry.cerrada_en ?? entry.creada_en)
  return list
    .filter((entry) => isEstadoInactivo(entry.estado))
    .sort((a, b) => closedAt(b) - closedAt(a))
}

/** `list` with `message` in it once (a replay or a live echo of one already shown adds nothing). */
export function addMensaje(list: readonly Mensaje[], message: Mensaje): Mensaje[] {
  if (list.some((entry) => entry.id === message.id)) return [...list]
  return [...list, message].sort((a, b) => Date.parse(a.creado_en) - Date.parse(b.creado_en))
}

/** Whole minutes from `from` to `now`, never negative. */
export function minutesBetween(from: string, now: number): number {
  const start = Date.parse(from)
  if (Number.isNaN(start)) return 0
  return Math.max(0, Math.floor((now - start) / 60_000))
}

/** "menos de un minuto", "1 minuto", "12 minutos", "1 h 05 min". */
export function describeMinutes(minutes: number): string {
  if (minutes < 1) return 'menos de un minuto'
  if (minutes < 60) return minutes === 1 ? '1 minuto' : `${minutes} minutos`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return `${hours} h ${String(rest).padStart(2, '0')} min`
}

/**
 * The patient's honest estimate: none without the hospital's recent history, nor while no
 * professional is connected to take the request.
 */
export function describeEstimate(
  espera: Pick<Espera, 'estimacion_minutos' | 'profesionales_conectados'>,
): string {
  if (espera.profesionales_conectados === 0) {
    return 'Ahora no hay profesionales conectados. Tu solicitud sigue en la cola y se atenderá en cuanto se conecte alguien.'
  }
  const minutes = espera.estimacion_minutos
  if (minutes === null) return 'Todavía no hay datos suficientes para estimar la espera.'
  if (minutes < 1) return 'Espera estimada: menos de un minuto.'
  // "unos" is for a round figure: a single minute is just "1 minuto".
  if (minutes < 2) return 'Espera estimada: 1 minuto.'
  return `Espera estimada: unos ${describeMinutes(minutes)}.`
}

/** How the directory shows a professional: attending someone, free to attend, or away. */
export function availabilityLabel(
  professional: Pick<Profesional, 'disponible' | 'en_consulta'>,
): string {
  if (professional.en_consulta) return 'En consulta'
  return professional.disponible ? 'Disponible ahora' : 'No disponible'
}

export { ESTADO_LABELS } from '../../../contract/record'

/** Why a consultation cannot be opened, and what to do next, for each state that is over. */
export const INACTIVE_REASONS: Record<EstadoInactivo, { titulo: string; detalle: string }> = {
  finalizada: {
    titulo: 'Esta consulta ha finalizado.',
    detalle:
      'El profesional la cerró. Si necesitas más ayuda, puedes solicitar una nueva asistencia.',
  },
  cancelada: {
    titulo: 'Esta solicitud se canceló.',
    detalle:
      'Se canceló antes de que un profesional la atendiera. Puedes solicitar una nueva asistencia.',
  },
  caducada: {
    titulo: 'Esta solicitud ha caducado.',
    detalle:
      'Nadie pudo atenderla a tiempo. Lo sentimos: solicita una nueva asistencia y te atenderemos en cuanto sea posible.',
  },
}

/**
 * What the inactive-consultation screen is handed through the navigation (never the address: it
 * is about a person's care): why the hospital closed the request.
 */
export interface InactiveState {
  cierre: string
}

/** The navigation state leading to the inactive-consultation screen for `asistencia`. */
export function inactiveStateOf(asistencia: Asistencia): InactiveState | null {
  return asistencia.motivo_cierre === null ? null : { cierre: asistencia.motivo_cierre }
}

/** The closing reason a navigation carried, if any. */
export function closingReasonOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('cierre' in state)) return null
  return typeof state.cierre === 'string' ? state.cierre : null
}

/** The same, told to the hospital's staff: what happened to the patient's request, no advice to ask. */
export const STAFF_INACTIVE_REASONS: Record<EstadoInactivo, { titulo: string; detalle: string }> = {
  finalizada: {
    titulo: 'Esta consulta ha finalizado.',
    detalle: 'Se cerró con su resumen; su registro sigue disponible desde tu área.',
  },
  cancelada: {
    titulo: 'Esta solicitud se canceló.',
    detalle: 'El paciente la canceló antes de que nadie la atendiera.',
  },
  caducada: {
    titulo: 'Esta solicitud ha caducado.',
    detalle: 'Nadie la atendió a tiempo; el paciente puede pedir una nueva asistencia.',
  },
}

/** Reads the `motivo` query parameter of the inactive-consultation screen. */
export function inactiveReasonOf(value: string | null): EstadoInactivo | null {
  return value === 'finalizada' || value === 'cancelada' || value === 'caducada' ? value : null
}
