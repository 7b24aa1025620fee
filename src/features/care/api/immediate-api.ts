/**
 * Immediate care without an account and kiosk walk-ins, from the page: the public request (a
 * walk-in that finds no connection waits in the care outbox, see `outbox.ts`).
 */
import { asistenciaPath } from '../../../config/api-paths'
import {
  AsistenciaInmediataCreada,
  type SolicitudInmediata,
} from '../../../contract/immediate-care'
import { api } from '../../../lib/api'
import { readAnswer } from '../../../lib/answer-shape'

export async function requestImmediateCare(
  body: SolicitudInmediata,
): Promise<AsistenciaInmediataCreada> {
  // Imported with the screen, not on demand: a kiosk offline must not need another chunk.
  return readAnswer(
    AsistenciaInmediataCreada,
    await api.request(asistenciaPath('inmediata'), { method: 'POST', body }),
  )
}
