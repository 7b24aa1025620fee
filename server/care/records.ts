import type { Asistencia, Derivacion, Espera, Mensaje } from '../../src/contract/care.js'
import type { AsistenciaView } from '../repositories/asistencias.js'
import type { MensajeView } from '../repositories/mensajes.js'

/** API path of a consultation's photo (read through the API client: it is health data). */
export function fotoUrl(asistenciaId: string, fotoId: string): string {
  return `/api/asistencias/${asistenciaId}/fotos/${fotoId}`
}

/**
 * A referred request's referral; without `withNote`, what passes between the professionals
 * concerned (the note and the first request's summary) is left out.
 */
function toDerivacion(view: AsistenciaView, withNote: boolean): Derivacion | null {
  if (view.derivador_id === null) return null
  return {
    por: { id: view.derivador_id, nombre: view.derivador_nombre ?? '' },
    a:
      view.destinatario_id === null
        ? null
        : { id: view.destinatario_id, nombre: view.destinatario_nombre ?? '' },
    nota: withNote ? view.nota_derivacion : null,
    resumen_origen: withNote ? view.resumen_origen : null,
  }
}

/**
 * A request as the contract shapes it; `espera` only for its patient while it waits. Staff see
 * a referral's note unless `withReferralNote` is false (see `mayReadReferralNote`).
 */
export function toAsistencia(
  view: AsistenciaView,
  espera: Espera | null,
  { withReferralNote = true }: { withReferralNote?: boolean } = {},
): Asistencia {
  return {
    id: view.id,
    tenant: view.tenant,
    estado: view.estado,
    origen: view.origen as Asistencia['origen'],
    motivo: view.motivo,
    especialidad: view.especialidad,
    paciente: {
      id: view.paciente_id,
      nombre: view.paciente_nombre,
      ...(view.paciente_cerrada_en === null ? {} : { cuenta_cerrada: true }),
    },
    profesional:
      view.profesional_id === null
        ? null
        : { id: view.profesional_id, nombre: view.profesional_nombre ?? '' },
    fotos: view.foto_ids.map((fotoId) => fotoUrl(view.id, fotoId)),
    creada_en: view.creada_en,
    atendida_en: view.atendida_en,
    cerrada_en: view.cerrada_en,
    caduca_en: view.caduca_en,
    resumen: view.resumen,
    valoracion:
      view.puntuacion === null
        ? null
        : {
            puntuacion: view.puntuacion,
            ...(view.comentario === null ? {} : { comentario: view.comentario }),
          },
    espera: view.estado === 'en_espera' ? espera : null,
    ticket: view.ticket,
    derivada_de: view.derivada_de,
    derivacion: toDerivacion(view, withReferralNote),
    asignada_a:
      view.asignada_a === null ? null : { id: view.asignada_a, nombre: view.asignado_nombre ?? '' },
    motivo_cierre: view.motivo_cierre,
    ...(view.contacto === null ? {} : { contacto: view.contacto }),
  }
}

export function toMensaje(view: MensajeView): Mensaje {
  return {
    id: view.id,
    asistencia_id: view.asistencia_id,
    autor: { id: view.autor_id, nombre: view.autor_nombre, rol: view.autor_rol },
    texto: view.texto,
    foto: view.foto_id === null ? null : fotoUrl(view.asistencia_id, view.foto_id),
    creado_en: view.creado_en,
  }
}

/** The middle value (mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/**
 * The honest wait shown to a waiting patient: their place in the queue and, from the hospital's
 * recent waits, the typical wait times their place; no estimate without history, nor while no
 * professional is connected (nobody would take the request at that pace).
 */
export function estimateWait(
  posicion: number,
  recentWaitsMinutes: readonly number[],
  profesionalesConectados: number,
): Espera {
  const typical = profesionalesConectados === 0 ? null : median(recentWaitsMinutes)
  return {
    posicion,
    estimacion_minutos: typical === null ? null : Math.max(0, Math.round(typical * posicion)),
    profesionales_conectados: profesionalesConectados,
  }
}
