/**
 * The operations board's rules, pure: how urgent a waiting request is, the order of the waiting
 * list, and the words for the time left before a request expires.
 */
import type { Asistencia } from '../../../contract/care'
import { origenLabel } from './origen-label'
import { describeMinutes } from './care-state'

/** The marks of a waiting request: Inmediata, Presencial with its ticket, Derivada. */
export function urgencyMarks(asistencia: Asistencia): string[] {
  const marks: string[] = []
  const origen = origenLabel(asistencia)
  if (origen !== null) marks.push(origen)
  if (asistencia.derivada_de !== null) marks.push('Derivada')
  return marks
}

/** 0 comes first: immediate care, then walk-ins, then referrals, then the rest. */
function urgencyRank(asistencia: Asistencia): number {
  if (asistencia.origen === 'inmediata') return 0
  if (asistencia.origen === 'presencial') return 1
  if (asistencia.derivada_de !== null) return 2
  return 3
}

/** Waiting requests, the most urgent first and, within the same urgency, the longest wait first. */
export function boardWaitingList(list: readonly Asistencia[]): Asistencia[] {
  return list
    .filter((entry) => entry.estado === 'en_espera')
    .sort(
      (a, b) =>
        urgencyRank(a) - urgencyRank(b) || Date.parse(a.creada_en) - Date.parse(b.creada_en),
    )
}

/** Consultations in progress, the oldest first. */
export function boardInProgress(list: readonly Asistencia[]): Asistencia[] {
  return list
    .filter((entry) => entry.estado === 'en_curso')
    .sort((a, b) => Date.parse(a.creada_en) - Date.parse(b.creada_en))
}

/** "quedan 12 minutos", or "caduca ya" within its last minute. */
export function describeTimeLeft(caducaEn: string, now: number): string {
  const left = Math.floor((Date.parse(caducaEn) - now) / 60_000)
  return left < 1 ? 'caduca ya' : `quedan ${describeMinutes(left)}`
}
