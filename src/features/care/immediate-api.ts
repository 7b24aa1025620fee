/**
 * Immediate care without an account and kiosk walk-ins, from the page: the public request, and a
 * walk-in that found no connection kept in the care outbox until it can be sent (the only thing
 * a kiosk keeps of anyone, deleted once sent).
 */
import { API_PATHS } from '../../config/api-paths'
import { config } from '../../config/env'
import { AsistenciaInmediataCreada, type SolicitudInmediata } from '../../contract/immediate-care'
import { api } from '../../lib/api'
import { ApiError } from '../../lib/api-errors'
import { listOutbox, putOutboxItem, removeOutboxItem } from '../../shared/care-outbox-db'
import { outcomeOfStatus } from '../../shared/care-outbox-replay'
import { parseAnswer } from './answer-check'

export async function requestImmediateCare(
  body: SolicitudInmediata,
): Promise<AsistenciaInmediataCreada> {
  return parseAnswer(
    AsistenciaInmediataCreada,
    await api.request(API_PATHS.asistenciaInmediata, { method: 'POST', body }),
  )
}

/** Keeps a walk-in written without a connection; no token: the route is public. */
export async function keepWalkIn(body: SolicitudInmediata): Promise<void> {
  await putOutboxItem({
    id: body.id,
    tipo: 'presencial',
    tenant: body.tenant,
    asistenciaId: body.id,
    ruta: new URL(config.apiBaseUrl + API_PATHS.asistenciaInmediata, window.location.href).href,
    cuerpo: body,
    fotos: [],
    fotosEnviadas: 0,
    token: null,
    creadoEn: Date.now(),
  })
}

/** Forgets a kept walk-in once the server has it. */
export function forgetWalkIn(id: string): Promise<void> {
  return removeOutboxItem(id)
}

/**
 * Sends the walk-ins a kiosk kept, oldest first; each leaves the outbox once the server has it
 * (or refuses it for good). Stops at the first that cannot reach the server.
 */
export async function sendKeptWalkIns(): Promise<void> {
  const walkIns = (await listOutbox()).filter((item) => item.tipo === 'presencial')
  for (const item of walkIns) {
    try {
      await api.request(API_PATHS.asistenciaInmediata, { method: 'POST', body: item.cuerpo })
    } catch (error) {
      if (!(error instanceof ApiError) || outcomeOfStatus(error.status) === 'retry') return
    }
    await removeOutboxItem(item.id)
  }
}
