/**
 * The care journey's calls of the API, each answer checked against its contract schema: a shape
 * the screens do not expect is an `InvalidResponseError`, never a half-drawn consultation.
 */
import { API_PATHS, asistenciaPath } from '../../../config/api-paths'
import {
  Asistencia,
  FotoSubida,
  Mensaje,
  Profesional,
  type NuevaAsistencia,
  type NuevoMensaje,
  type Valoracion,
} from '../../../contract/care'
import { EspecialidadesOfrecidas } from '../../../contract/specialties'
import {
  EstadisticasCentro,
  EstadisticasHoy,
  ProfesionalDeTurno,
} from '../../../contract/shift-board'
import { api } from '../../../lib/api'
import { readAnswer, readList } from '../../../lib/answer-shape'

export async function createAsistencia(body: NuevaAsistencia): Promise<Asistencia> {
  return readAnswer(Asistencia, await api.request(API_PATHS.asistencias, { method: 'POST', body }))
}

/**
 * The viewer's requests; for a professional, the queue's first page and their own, or with
 * `despues` (the last waiting request received) the queue's next page only.
 */
export async function listAsistencias(
  signal?: AbortSignal,
  despues?: string,
): Promise<Asistencia[]> {
  const path =
    despues === undefined
      ? API_PATHS.asistencias
      : `${API_PATHS.asistencias}?${new URLSearchParams({ despues }).toString()}`
  return readList(Asistencia, await api.request(path, { signal }))
}

export async function readAsistencia(id: string, signal?: AbortSignal): Promise<Asistencia> {
  return readAnswer(Asistencia, await api.request(asistenciaPath(id), { signal }))
}

async function act(id: string, action: string, body?: unknown): Promise<Asistencia> {
  return readAnswer(
    Asistencia,
    await api.request(asistenciaPath(id, action), { method: 'POST', body: body ?? {} }),
  )
}

export const atenderAsistencia = (id: string) => act(id, 'atender')
export const cancelarAsistencia = (id: string) => act(id, 'cancelar')
/** The board: only `profesionalId` sees and takes the waiting request from now on. */
export const asignarAsistencia = (id: string, profesionalId: number) =>
  act(id, 'asignar', { profesional_id: profesionalId })
/** The board: the waiting request is cancelled, and its patient reads `motivo`. */
export const cerrarAsistencia = (id: string, motivo: string) => act(id, 'cerrar', { motivo })
export const finalizarAsistencia = (id: string, resumen: string) =>
  act(id, 'finalizar', { resumen })

export async function valorarAsistencia(id: string, valoracion: Valoracion): Promise<void> {
  await api.request(asistenciaPath(id, 'valoracion'), { method: 'PUT', body: valoracion })
}

/** A conversation's newest page, oldest first; with `antes` (a message id), the page before it. */
export async function listMensajes(
  id: string,
  signal?: AbortSignal,
  antes?: string,
): Promise<Mensaje[]> {
  const path =
    antes === undefined
      ? asistenciaPath(id, 'mensajes')
      : `${asistenciaPath(id, 'mensajes')}?${new URLSearchParams({ antes }).toString()}`
  return readList(Mensaje, await api.request(path, { signal }))
}

export async function sendMensaje(asistenciaId: string, body: NuevoMensaje): Promise<Mensaje> {
  return readAnswer(
    Mensaje,
    await api.request(asistenciaPath(asistenciaId, 'mensajes'), { method: 'POST', body }),
  )
}

export async function uploadFoto(
  asistenciaId: string,
  foto: Blob,
  onProgress?: (sent: number) => void,
): Promise<FotoSubida> {
  const form = new FormData()
  form.append('foto', foto)
  return readAnswer(
    FotoSubida,
    await api.upload(asistenciaPath(asistenciaId, 'fotos'), form, { onProgress }),
  )
}

/** The hospital's professionals; signed out, the hospital is named in the query. */
export async function listProfesionales(
  tenant: string | null,
  signal?: AbortSignal,
): Promise<Profesional[]> {
  const path =
    tenant === null
      ? API_PATHS.profesionales
      : `${API_PATHS.profesionales}?${new URLSearchParams({ tenant }).toString()}`
  return readList(Profesional, await api.request(path, { signal }))
}

/** The specialties the signed-in user's hospital offers (a request or a referral names one). */
export async function listEspecialidades(signal?: AbortSignal): Promise<string[]> {
  return readAnswer(
    EspecialidadesOfrecidas,
    await api.request(API_PATHS.especialidades, { signal }),
  )
}

export async function readEstadisticas(signal?: AbortSignal): Promise<EstadisticasHoy> {
  return readAnswer(EstadisticasHoy, await api.request(API_PATHS.estadisticas, { signal }))
}

/** The hospital's professionals on the board: their state and consultations in progress. */
export async function listTurno(signal?: AbortSignal): Promise<ProfesionalDeTurno[]> {
  return readList(ProfesionalDeTurno, await api.request(API_PATHS.turno, { signal }))
}

/** Every hospital's figures of today, side by side (the portal's administrators). */
export async function listEstadisticasCentros(signal?: AbortSignal): Promise<EstadisticasCentro[]> {
  return readList(EstadisticasCentro, await api.request(API_PATHS.estadisticasCentros, { signal }))
}
