/**
 * Which news of the care journey alerts whom: the one rule behind both the server's Web Push
 * (`server/push/alert-plan.ts`) and the page's in-app alerts (`src/features/care/alerts/`), so a
 * device never hears of something on screen that its lock screen would not, nor the reverse.
 * Pure: decided from the request as the event left it.
 */
import { comesFirstInQueue } from './care.js'
import type { TipoAviso } from './push-rules.js'

/**
 * Who, in a request's terms: its patient; the professional a referral names; every professional
 * of its hospital.
 */
export type ParaQuien = 'paciente' | 'destinatario' | 'profesionales'

export interface AvisoDeSolicitud {
  tipo: TipoAviso
  para: ParaQuien
}

/** What of a request decides its alerts. */
export interface HechosDeAviso {
  estado: string
  origen: string
  /** A referral: the request it came from. */
  derivadaDe: string | null
  /** A referral addressed to one professional: theirs. */
  destinatarioId: number | null
  atendidaEn: string | null
  cerradaEn: string | null
}

/**
 * The alerts a request's change announces: the patient when it is taken, referred, finished or
 * expired; the named professional of a referral; every professional of the hospital when someone
 * with no appointment (immediate care, a walk-in) starts waiting.
 */
export function avisosDeSolicitud(hechos: HechosDeAviso): AvisoDeSolicitud[] {
  const avisos: AvisoDeSolicitud[] = []
  if (hechos.estado === 'en_espera') {
    if (hechos.derivadaDe !== null) {
      avisos.push({ tipo: 'derivada', para: 'paciente' })
      if (hechos.destinatarioId !== null) {
        avisos.push({ tipo: 'derivacion_recibida', para: 'destinatario' })
      }
    }
    if (comesFirstInQueue(hechos.origen)) {
      avisos.push({ tipo: 'nueva_solicitud', para: 'profesionales' })
    }
  } else if (hechos.estado === 'en_curso' && hechos.atendidaEn !== null) {
    avisos.push({ tipo: 'atendida', para: 'paciente' })
  } else if (
    (hechos.estado === 'finalizada' || hechos.estado === 'caducada') &&
    hechos.cerradaEn !== null
  ) {
    avisos.push({ tipo: hechos.estado, para: 'paciente' })
  }
  return avisos
}

/**
 * A message alerts the other participant: the professional attending when its patient wrote (no
 * one while nobody attends), the patient otherwise.
 */
export function destinatarioDeMensaje(
  autorId: number,
  pacienteId: number,
  profesionalId: number | null,
): number | null {
  return autorId === pacienteId ? profesionalId : pacienteId
}

/**
 * Who shows the system notification of an alert the page hears on its live stream. The worker
 * shows every push it receives (browsers require it), so a device subscribed to Web Push for
 * news the server pushes leaves it to the worker; else the page shows it, only when no tab of
 * the app is in view and the person allowed notifications. Nobody while a tab is in view: the
 * banner and the tone say it there.
 */
export function quienNotifica(hechos: {
  /** The server pushes this kind of alert to this account (`avisosDeSolicitud`). */
  isPushed: boolean
  /** This device holds a push subscription ("Activar avisos"). */
  isDeviceSubscribed: boolean
  isAnyTabVisible: boolean
  /** The browser's `Notification.permission`. */
  permission: 'granted' | 'denied' | 'default'
}): 'trabajador' | 'pagina' | 'nadie' {
  if (hechos.permission !== 'granted') return 'nadie'
  if (hechos.isPushed && hechos.isDeviceSubscribed) return 'trabajador'
  return hechos.isAnyTabVisible ? 'nadie' : 'pagina'
}
