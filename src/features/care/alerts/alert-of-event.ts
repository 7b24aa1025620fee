/**
 * Which live event is news for the person signed in, and what its alert says and links to. Who
 * hears of what is the contract's rule, the one the server's Web Push follows
 * (`src/contract/alert-rules.ts`); the queue adds its own news, any request the professional may
 * take, which only a tab showing the queue announces (the server pushes no such alert).
 */
import { avisosDeSolicitud, type ParaQuien } from '../../../contract/alert-rules'
import { comesFirstInQueue, type Asistencia } from '../../../contract/care'
import { isAllowedIn } from '../../../contract/care-transitions'
import { may, type Actor } from '../../../contract/permissions'
import { alertScreen, TEXTOS_AVISO, type TipoAviso } from '../../../contract/push-rules'
import { tenantRoot } from '../../../contract/tenants'
import { isForColleague } from '../state/care-state'
import type { CareEvent } from '../live/live'
import { origenLabel } from '../state/origen-label'

export interface CareAlert {
  /** The one piece of news, the same in every tab that hears it (as the server's alert key). */
  clave: string
  tipo: TipoAviso
  tenant: string
  asistenciaId: string
  /** Someone with no appointment is waiting now: the urgent tone. */
  isUrgent: boolean
  /** The server pushes it too: a subscribed device's worker shows its notification. */
  isPushed: boolean
  /** The queue's own news: announced only while a tab shows the queue, never as a banner. */
  isForQueue: boolean
  /** The banner's words (no patient's name: a shared screen shows it too). */
  texto: string
}

/** The signed-in person, as far as alerts go. */
export type AlertViewer = Actor & { id: number }

const LINK_LABELS: Record<TipoAviso, string> = {
  atendida: 'Ir a mi consulta',
  mensaje: 'Ver la conversación',
  derivada: 'Ver mi nueva solicitud',
  finalizada: 'Ver el resumen',
  caducada: 'Ver qué ha pasado',
  nueva_solicitud: 'Ir a la cola',
  derivacion_recibida: 'Ver derivaciones',
}

/** The link of an alert's banner: where it leads and what it says. */
export function alertLink(alert: CareAlert): { to: string; label: string } {
  return {
    to: `${tenantRoot(alert.tenant)}/${alertScreen(alert.tipo, encodeURIComponent(alert.asistenciaId))}`,
    label: LINK_LABELS[alert.tipo],
  }
}

/**
 * Whether the screen at `pathname` shows this news by itself (the conversation shows its new
 * message, the queue its new request): no banner there.
 */
export function isShownBy(alert: CareAlert, pathname: string): boolean {
  const root = tenantRoot(alert.tenant)
  const id = encodeURIComponent(alert.asistenciaId)
  const screens =
    alert.tipo === 'nueva_solicitud'
      ? ['profesional']
      : alert.tipo === 'derivacion_recibida'
        ? ['profesional', 'referidos']
        : [`atencion-asistencia/${id}`, `agradecimiento-final/${id}`]
  return screens.some((screen) => pathname === `${root}/${screen}`)
}

function isFor(para: ParaQuien, asistencia: Asistencia, viewer: AlertViewer): boolean {
  if (para === 'paciente') return asistencia.paciente.id === viewer.id
  if (para === 'destinatario') return asistencia.derivacion?.a?.id === viewer.id
  return may(viewer, 'atender') && !isForColleague(asistencia, viewer.id)
}

function requestAlert(
  tipo: TipoAviso,
  asistencia: Asistencia,
  { isPushed, isForQueue }: { isPushed: boolean; isForQueue: boolean },
): CareAlert {
  const mark = tipo === 'nueva_solicitud' ? origenLabel(asistencia) : null
  return {
    clave: `${tipo}:${asistencia.id}`,
    tipo,
    tenant: asistencia.tenant,
    asistenciaId: asistencia.id,
    isUrgent: tipo === 'nueva_solicitud' && comesFirstInQueue(asistencia.origen),
    isPushed,
    isForQueue,
    texto: mark === null ? TEXTOS_AVISO[tipo] : `${TEXTOS_AVISO[tipo]} · ${mark}`,
  }
}

/** The alert `event` is for `viewer`, or null when it is none of theirs (or no news at all). */
export function alertOfEvent(event: CareEvent, viewer: AlertViewer): CareAlert | null {
  if (!may(viewer, 'recibir_avisos') || viewer.tenant === '') return null
  if (event.tipo === 'mensaje') {
    const { mensaje } = event
    // The stream brings a consultation's messages to its participants: the other one's are news.
    if (mensaje.autor.id === viewer.id) return null
    return {
      clave: `mensaje:${mensaje.id}`,
      tipo: 'mensaje',
      tenant: viewer.tenant,
      asistenciaId: mensaje.asistencia_id,
      isUrgent: false,
      isPushed: true,
      isForQueue: false,
      texto: TEXTOS_AVISO.mensaje,
    }
  }
  if (event.tipo !== 'asistencia') return null
  const { asistencia } = event
  const hechos = {
    estado: asistencia.estado,
    origen: asistencia.origen,
    derivadaDe: asistencia.derivada_de,
    destinatarioId: asistencia.derivacion?.a?.id ?? null,
    atendidaEn: asistencia.atendida_en,
    cerradaEn: asistencia.cerrada_en,
  }
  for (const aviso of avisosDeSolicitud(hechos)) {
    if (isFor(aviso.para, asistencia, viewer)) {
      return requestAlert(aviso.tipo, asistencia, { isPushed: true, isForQueue: false })
    }
  }
  if (
    may(viewer, 'atender') &&
    isAllowedIn(asistencia.estado, 'atender') &&
    !isForColleague(asistencia, viewer.id)
  ) {
    return requestAlert('nueva_solicitud', asistencia, { isPushed: false, isForQueue: true })
  }
  return null
}
