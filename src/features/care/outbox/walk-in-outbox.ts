/**
 * A kiosk's walk-ins in the care outbox: one written without a connection waits there (public, no
 * token: the only thing a kiosk keeps of anyone) until it is sent (`outbox.ts` sends it), then the outbox forgets it.
 */
import { asistenciaPath } from '../../../config/api-paths'
import { config } from '../../../config/env'
import type { SolicitudInmediata } from '../../../contract/immediate-care'
import { putOutboxItem, removeOutboxItem } from '../../../shared/care-outbox-db'

/** Keeps a walk-in written without a connection; no token: the route is public. */
export async function keepWalkIn(body: SolicitudInmediata): Promise<void> {
  await putOutboxItem({
    id: body.id,
    tipo: 'presencial',
    tenant: body.tenant,
    asistenciaId: body.id,
    ruta: new URL(config.apiBaseUrl + asistenciaPath('inmediata'), window.location.href).href,
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
