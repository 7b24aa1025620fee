/**
 * The operations board (`/{tenant}/apanel`): who is on duty, the actions the hospital's
 * administrators take on a waiting request (assign it to one professional, close it with a
 * reason), and today's figures, per hospital and across hospitals for the portal's administrators.
 */
import { Type, type Static } from 'typebox'
import type { FreeTextField } from './text.js'

/** Longest reason an administrator gives when closing a waiting request. */
export const MOTIVO_CIERRE_MAX_LENGTH = 300
/** A closing reason, read by the one rule of free texts (`readFreeText`). */
export const MOTIVO_CIERRE_FIELD: FreeTextField = {
  label: 'motivo',
  maxLength: MOTIVO_CIERRE_MAX_LENGTH,
  isMultiline: false,
}

/** `POST /api/asistencias/{id}/asignar`: the professional who alone may take it. */
export const Asignacion = Type.Object(
  { profesional_id: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
)
export type Asignacion = Static<typeof Asignacion>

/** `POST /api/asistencias/{id}/cerrar`: why (its patient reads it). */
export const Cierre = Type.Object(
  // Sizes only: the texts' rule (`readFreeText`) is applied by the server with its message.
  { motivo: Type.String({ maxLength: MOTIVO_CIERRE_MAX_LENGTH * 4 }) },
  { additionalProperties: false },
)
export type Cierre = Static<typeof Cierre>

/**
 * A professional's state on the board: connected to the queue with no consultation
 * (`disponible`), with one or more in progress (`en_consulta`), or not connected (`sin_conexion`).
 */
export const ESTADOS_PROFESIONAL = ['disponible', 'en_consulta', 'sin_conexion'] as const
export type EstadoProfesional = (typeof ESTADOS_PROFESIONAL)[number]

export const ESTADO_PROFESIONAL_LABELS: Readonly<Record<EstadoProfesional, string>> = {
  disponible: 'Disponible',
  en_consulta: 'En consulta',
  sin_conexion: 'Sin conexión',
}

/** The state of a professional from their presence and their consultations in progress. */
export function estadoProfesional(isConnected: boolean, consultas: number): EstadoProfesional {
  if (consultas > 0) return 'en_consulta'
  return isConnected ? 'disponible' : 'sin_conexion'
}

/** `GET /api/tablero/profesionales`: one row per professional of the hospital. */
export const ProfesionalDeTurno = Type.Object({
  id: Type.Integer(),
  nombre: Type.String(),
  especialidades: Type.Array(Type.String()),
  estado: Type.Enum(ESTADOS_PROFESIONAL),
  /** Consultations they attend now (`en_curso`). */
  consultas_en_curso: Type.Integer({ minimum: 0 }),
})
export type ProfesionalDeTurno = Static<typeof ProfesionalDeTurno>

/** Today's figures on the operations board ("today" in the hospital's time zone). */
export const EstadisticasHoy = Type.Object({
  solicitudes_hoy: Type.Integer({ minimum: 0 }),
  atendidas: Type.Integer({ minimum: 0 }),
  caducadas: Type.Integer({ minimum: 0 }),
  /** Cancelled by their patient or closed by the hospital. */
  canceladas: Type.Integer({ minimum: 0 }),
  espera_mediana_minutos: Type.Union([Type.Number(), Type.Null()]),
  espera_p90_minutos: Type.Union([Type.Number(), Type.Null()]),
  valoracion_media: Type.Union([Type.Number(), Type.Null()]),
})
export type EstadisticasHoy = Static<typeof EstadisticasHoy>

/** `GET /api/admin/estadisticas`: every hospital's figures of its own today, side by side. */
export const EstadisticasCentro = Type.Object({
  tenant: Type.String(),
  nombre: Type.String(),
  estadisticas: EstadisticasHoy,
})
export type EstadisticasCentro = Static<typeof EstadisticasCentro>
