/** The API of calls inside a consultation (docs/calls.md), each answer checked against its contract. */
import { asistenciaPath } from '../../../config/api-paths'
import { Llamada, type Colgar, type NuevaLlamada, type Senal } from '../../../contract/calls'
import { readAnswer, readList } from '../../../lib/answer-shape'
import { api } from '../../../lib/api'

export async function listLlamadas(asistenciaId: string, signal?: AbortSignal): Promise<Llamada[]> {
  return readList(Llamada, await api.request(asistenciaPath(asistenciaId, 'llamadas'), { signal }))
}

export async function startLlamada(asistenciaId: string, body: NuevaLlamada): Promise<Llamada> {
  return readAnswer(
    Llamada,
    await api.request(asistenciaPath(asistenciaId, 'llamadas'), { method: 'POST', body }),
  )
}

async function act(asistenciaId: string, llamadaId: string, action: string, body: object = {}) {
  return readAnswer(
    Llamada,
    await api.request(asistenciaPath(asistenciaId, 'llamadas', llamadaId, action), {
      method: 'POST',
      body,
    }),
  )
}

export const aceptarLlamada = (asistenciaId: string, llamadaId: string) =>
  act(asistenciaId, llamadaId, 'aceptar')
export const rechazarLlamada = (asistenciaId: string, llamadaId: string) =>
  act(asistenciaId, llamadaId, 'rechazar')
export const colgarLlamada = (asistenciaId: string, llamadaId: string, body: Colgar = {}) =>
  act(asistenciaId, llamadaId, 'colgar', body)

export async function sendSenal(asistenciaId: string, llamadaId: string, senal: Senal) {
  await api.request(asistenciaPath(asistenciaId, 'llamadas', llamadaId, 'senales'), {
    method: 'POST',
    body: senal,
  })
}

export { readIceConfiguration } from '../../../lib/call-relay'
