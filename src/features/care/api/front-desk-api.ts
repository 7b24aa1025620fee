/**
 * The front desk from the page: a professional calls a walk-in's ticket to a room, and the
 * waiting room's display reads the hospital's calls (public).
 */
import { API_PATHS, asistenciaPath } from '../../../config/api-paths'
import { LlamadaTurno, LlamadasSalaDeEspera } from '../../../contract/front-desk'
import { api } from '../../../lib/api'
import { readAnswer } from '../../../lib/answer-shape'

export async function callTicket(id: string, sala: string): Promise<LlamadaTurno> {
  return readAnswer(
    LlamadaTurno,
    await api.request(asistenciaPath(id, 'llamar'), { method: 'POST', body: { sala } }),
  )
}

export async function readWaitingRoomCalls(
  tenant: string,
  signal?: AbortSignal,
): Promise<LlamadasSalaDeEspera> {
  const query = new URLSearchParams({ tenant }).toString()
  return readAnswer(
    LlamadasSalaDeEspera,
    await api.request(`${API_PATHS.salaDeEspera}?${query}`, { signal }),
  )
}
