/**
 * Which alerts an event of the care journey announces, and to whom: the patient when their
 * request is taken, on a new message, a referral, the end, an expiry; the professional on a new
 * message in their consultation, and every professional of the hospital on a new immediate or
 * walk-in request. Pure: decided from the request as the event left it.
 */
import { EVENTOS, comesFirstInQueue } from '../../src/contract/care.js'
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
 * rating long after the end writes the request's event again) are left out.
 */
export function planAlerts(
  evento: { tipo: string; ref: string | null },
  asunto: AvisoAsunto,
  autorMensaje: number | undefined,
  nowIso: string,
): AvisoPlaneado[] {
  const plan: AvisoPlaneado[] = []
  const paciente = { usuario: asunto.paciente_id }
  if (evento.tipo === EVENTOS.mensaje) {
    if (evento.ref === null || autorMensaje === undefined) return []
    const para =
      autorMensaje === asunto.paciente_id
        ? asunto.profesional_id === null
          ? undefined
          : { usuario: asunto.profesional_id }
        : paciente
    if (para !== undefined) {
      plan.push({ tipo: 'mensaje', para, objeto: evento.ref, caducaEn: until(nowIso, 'mensaje') })
    }
  } else if (evento.tipo === EVENTOS.asistencia) {
    const objeto = asunto.id
    if (asunto.estado === 'en_espera') {
      if (asunto.derivada_de !== null) {
        plan.push({
          tipo: 'derivada',
          para: paciente,
          objeto,
          caducaEn: until(asunto.creada_en, 'derivada'),
        })
      }
      if (comesFirstInQueue(asunto.origen)) {
        plan.push({
          tipo: 'nueva_solicitud',
          para: { profesionalesDe: asunto.tenant },
          objeto,
          caducaEn: until(asunto.creada_en, 'nueva_solicitud', asunto.caduca_en),
        })
      }
    } else if (asunto.estado === 'en_curso' && asunto.atendida_en !== null) {
      plan.push({
        tipo: 'atendida',
        para: paciente,
        objeto,
        caducaEn: until(asunto.atendida_en, 'atendida'),
      })
    } else if (
      (asunto.estado === 'finalizada' || asunto.estado === 'caducada') &&
      asunto.cerrada_en !== null
    ) {
      plan.push({
        tipo: asunto.estado,
        para: paciente,
        objeto,
        caducaEn: until(asunto.cerrada_en, asunto.estado),
      })
    }
  }
  return plan.filter((aviso) => aviso.caducaEn > nowIso)
}
