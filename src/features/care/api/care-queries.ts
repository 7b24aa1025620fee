/**
 * The care journey's reads as the page's cache holds them: one `queryOptions` per call of
 * `care-api.ts`, each with its key under `CARE_QUERY_ROOT` (what a live `reinicio` reads again)
 * and its staleness. Care answers go stale at once: a screen opened reads its records afresh, as do
 * a focus, a reconnect and opening the address again; while it is shown the live stream writes
 * what changes (`live-cache.ts`).
 */
import { queryOptions } from '@tanstack/react-query'
import {
  listAsistencias,
  listEstadisticasCentros,
  listProfesionales,
  listTurno,
  readAsistencia,
  readEstadisticas,
} from './care-api'
import { readRegistro } from './record-api'

/** The first part of every care query's key. */
export const CARE_QUERY_ROOT = 'atencion'

export const careKeys = {
  asistencias: [CARE_QUERY_ROOT, 'asistencias'] as const,
  asistencia: (id: string) => [CARE_QUERY_ROOT, 'asistencia', id] as const,
  /** The record of a consultation that is over. */
  registro: (id: string) => [CARE_QUERY_ROOT, 'registro', id] as const,
  /** Signed in (`null`: the session's hospital) or a hospital's public list. */
  profesionales: (tenant: string | null) => [CARE_QUERY_ROOT, 'profesionales', tenant] as const,
  estadisticas: [CARE_QUERY_ROOT, 'estadisticas'] as const,
  /** Every hospital's figures (the portal's board). */
  estadisticasCentros: [CARE_QUERY_ROOT, 'estadisticas-centros'] as const,
  /** The professionals on the board, with their state. */
  turno: [CARE_QUERY_ROOT, 'turno'] as const,
  /** A professional's referrals (`referrals-queries.ts`). */
  referidos: [CARE_QUERY_ROOT, 'referidos'] as const,
}

/** The user's requests: a patient's own, the staff's hospital's. */
export function asistenciasQuery() {
  return queryOptions({
    queryKey: careKeys.asistencias,
    queryFn: ({ signal }) => listAsistencias(signal),
  })
}

/** One request, as its consultation and thanks screens show it. */
export function asistenciaQuery(id: string) {
  return queryOptions({
    queryKey: careKeys.asistencia(id),
    queryFn: ({ signal }) => readAsistencia(id, signal),
  })
}

/** The read-only record of a consultation that is over. */
export function registroQuery(id: string) {
  return queryOptions({
    queryKey: careKeys.registro(id),
    queryFn: ({ signal }) => readRegistro(id, signal),
  })
}

/** The hospital's professionals: signed in (`tenant` null), or `tenant`'s public list. */
export function profesionalesQuery(tenant: string | null) {
  return queryOptions({
    queryKey: careKeys.profesionales(tenant),
    queryFn: ({ signal }) => listProfesionales(tenant, signal),
  })
}

/** Today's figures of the hospital (the operations board). */
export function estadisticasQuery() {
  return queryOptions({
    queryKey: careKeys.estadisticas,
    queryFn: ({ signal }) => readEstadisticas(signal),
  })
}

/** The hospital's professionals on the board: disponible, en consulta, sin conexión. */
export function turnoQuery() {
  return queryOptions({
    queryKey: careKeys.turno,
    queryFn: ({ signal }) => listTurno(signal),
  })
}

/** Every hospital's figures of today (the portal's administrators' board). */
export function estadisticasCentrosQuery() {
  return queryOptions({
    queryKey: careKeys.estadisticasCentros,
    queryFn: ({ signal }) => listEstadisticasCentros(signal),
  })
}
