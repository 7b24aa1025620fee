/**
 * Today's figures of a hospital, "today" in its own time zone: the board's figures and the
 * portal's view across hospitals read them the same way.
 */
import type { EstadisticasHoy } from '../../src/contract/shift-board.js'
import type { AsistenciaRepository } from '../repositories/asistencias.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { startOfDayIn, usableTimeZone } from './hospital-day.js'

export interface DayFiguresDeps {
  asistencias: Pick<AsistenciaRepository, 'activitySince'>
  hospitals: Pick<HospitalRepository, 'findTimeZone'>
  now: () => number
}

const toTenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10)

export async function figuresOfToday(
  deps: DayFiguresDeps,
  tenant: string,
): Promise<EstadisticasHoy> {
  const nowMs = deps.now()
  const timeZone = usableTimeZone(await deps.hospitals.findTimeZone(tenant))
  const activity = await deps.asistencias.activitySince(
    tenant,
    startOfDayIn(timeZone, nowMs),
    new Date(nowMs).toISOString(),
  )
  return {
    solicitudes_hoy: activity.count,
    atendidas: activity.taken,
    caducadas: activity.expired,
    canceladas: activity.cancelled,
    espera_mediana_minutos: toTenth(activity.medianWait),
    espera_p90_minutos: toTenth(activity.p90Wait),
    valoracion_media: toTenth(activity.meanRating),
  }
}
