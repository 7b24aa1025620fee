import type { AvisoPush } from '../../src/contract/push.js'
import { TEXTOS_AVISO, alertScreen, type TipoAviso } from '../../src/contract/push-rules.js'
import { tenantRoot } from '../../src/contract/tenants.js'

/**
 * The notification of one alert: the hospital's name as its title, a general text (never a
 * patient's name nor a reason: it may show on a lock screen), the screen a press opens, and a tag
 * per consultation so its repeats replace each other.
 */
export function buildAlertPayload(
  aviso: { tipo: TipoAviso; tenant: string; asistencia_id: string },
  hospital: string,
): AvisoPush {
  const root = tenantRoot(aviso.tenant)
  const id = encodeURIComponent(aviso.asistencia_id)
  const url = `${root}/${alertScreen(aviso.tipo, id)}`
  return {
    tipo: aviso.tipo,
    titulo: hospital,
    cuerpo: TEXTOS_AVISO[aviso.tipo],
    tenant: aviso.tenant,
    url,
    tag: `asistencia-${aviso.asistencia_id}`,
  }
}
