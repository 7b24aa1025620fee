/**
 * Which alerts an event of the care journey announces, and to whom: the patient when their
 * request is taken, on a new message, a referral, the end, an expiry; the professional on a new
 * message in their consultation and on a referral addressed to them, and every professional of
 * the hospital on a new immediate or walk-in request. Pure: decided from the request as the
 * event left it.
 */
import {
  avisosDeSolicitud,
  destinatarioDeMensaje,
  type ParaQuien,
} from '../../src/contract/alert-rules.js'
import { EVENTOS } from '../../src/contract/care.js'
import { TTL_AVISO_SEGUNDOS, type TipoAviso } from '../../src/contract/push-rules.js'
import type { AvisoAsunto } from '../repositories/avisos-pendientes.js'

export type Destinatario = { usuario: number } | { profesionalesDe: string }

export interface AvisoPlaneado {
  tipo: TipoAviso
  para: Destinatario
  /** What makes the news one: the request, or the message. */
  objeto: string
  /** When it stops meaning anything (ISO 8601): the push TTL counts down to it. */
  caducaEn: string
}

function until(fromIso: string, tipo: TipoAviso, limitIso?: string): string {
  const end = new Date(Date.parse(fromIso) + TTL_AVISO_SEGUNDOS[tipo] * 1000).toISOString()
  return limitIso !== undefined && limitIso < end ? limitIso : end
}

/**
 * The alerts of one event (`tipo`, with `ref` the message id of a message event), given the
 * request it concerns and, for a message, its author. Alerts whose time is already over (a
 * rating long after the end writes the request's event again) are left out. Who hears of what is
 * the contract's rule (`src/contract/alert-rules.ts`), shared with the page's in-app alerts.
 */
export function planAlerts(
  evento: { tipo: string; ref: string | null },
  asunto: AvisoAsunto,
  autorMensaje: number | undefined,
  nowIso: string,
): AvisoPlaneado[] {
  const plan: AvisoPlaneado[] = []
  if (evento.tipo === EVENTOS.mensaje) {
    if (evento.ref === null || autorMensaje === undefined) return []
    const usuario = destinatarioDeMensaje(autorMensaje, asunto.paciente_id, asunto.profesional_id)
    if (usuario !== null) {
      plan.push({
        tipo: 'mensaje',
        para: { usuario },
        objeto: evento.ref,
        caducaEn: until(nowIso, 'mensaje'),
      })
    }
  } else if (evento.tipo === EVENTOS.asistencia) {
    const hechos = {
      estado: asunto.estado,
      origen: asunto.origen,
      derivadaDe: asunto.derivada_de,
      destinatarioId: asunto.destinatario_id,
      atendidaEn: asunto.atendida_en,
      cerradaEn: asunto.cerrada_en,
    }
    for (const aviso of avisosDeSolicitud(hechos)) {
      const para = recipientOf(aviso.para, asunto)
      if (para === null) continue
      plan.push({
        tipo: aviso.tipo,
        para,
        objeto: asunto.id,
        caducaEn: deadlineOf(aviso.tipo, asunto),
      })
    }
  }
  return plan.filter((aviso) => aviso.caducaEn > nowIso)
}

function recipientOf(para: ParaQuien, asunto: AvisoAsunto): Destinatario | null {
  if (para === 'profesionales') return { profesionalesDe: asunto.tenant }
  const usuario = para === 'paciente' ? asunto.paciente_id : asunto.destinatario_id
  return usuario === null ? null : { usuario }
}

/** When a request's alert stops meaning anything: a waiting one's, never after it expires. */
function deadlineOf(tipo: TipoAviso, asunto: AvisoAsunto): string {
  switch (tipo) {
    case 'atendida':
      return until(asunto.atendida_en ?? asunto.creada_en, tipo)
    case 'finalizada':
    case 'caducada':
      return until(asunto.cerrada_en ?? asunto.creada_en, tipo)
    case 'nueva_solicitud':
    case 'derivacion_recibida':
      return until(asunto.creada_en, tipo, asunto.caduca_en)
    default:
      return until(asunto.creada_en, tipo)
  }
}
