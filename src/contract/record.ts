/**
 * The record of a consultation that is over (docs/record.md): everything it held, read again by
 * its patient and the hospital's staff, on screen, printed or as a PDF. Written once with TypeBox
 * for the server's route schemas (and OpenAPI) and the page's parsing of the answer.
 */
import { Type, type Static } from 'typebox'
import { Llamada } from './calls.js'
import { Asistencia, Mensaje, type EstadoAsistencia } from './care.js'

/** The hospital a record belongs to, as its printed header names it. */
export const HospitalDelRegistro = Type.Object({
  nombre: Type.String(),
  /** The hospital's logo (`imagen`), as its branding gives it; null without one. */
  imagen: Type.Union([Type.String(), Type.Null()]),
  /** The IANA time zone its times are written in on paper. */
  zona_horaria: Type.String(),
})
export type HospitalDelRegistro = Static<typeof HospitalDelRegistro>

/**
 * `GET /api/asistencias/{id}/registro`: the consultation, its whole conversation (oldest first),
 * its calls, and the referrals it led to. Answered only once the consultation is over.
 */
export const RegistroConsulta = Type.Object({
  hospital: HospitalDelRegistro,
  asistencia: Asistencia,
  mensajes: Type.Array(Mensaje),
  llamadas: Type.Array(Llamada),
  /** Requests this consultation referred the patient to (new requests with `derivada_de` = its id). */
  derivaciones: Type.Array(Asistencia),
})
export type RegistroConsulta = Static<typeof RegistroConsulta>

/** What a staff member's read of a record writes in the audit log's `despues`. */
export const LECTURA_REGISTRO = { pantalla: 'registro', pdf: 'registro_pdf' } as const

/** Spanish words for a request's state: in lists, on the record's screen and on its paper. */
export const ESTADO_LABELS: Readonly<Record<EstadoAsistencia, string>> = {
  en_espera: 'En espera',
  en_curso: 'En consulta',
  finalizada: 'Finalizada',
  cancelada: 'Cancelada',
  caducada: 'Caducada',
}

/** The PDF's file name: `consulta-{day of the consultation}.pdf` (no name, no reason in it). */
export function recordFileName(day: string): string {
  return `consulta-${day}.pdf`
}

/** How a call reads in the record, as in the conversation ("Videollamada · 12 min", "Llamada perdida"). */
export function describeCall(
  call: Pick<Llamada, 'video' | 'aceptada_en' | 'terminada_en' | 'motivo_fin'>,
): string {
  const kind = call.video ? 'Videollamada' : 'Llamada de voz'
  if (call.aceptada_en === null || call.terminada_en === null) {
    return call.motivo_fin === 'rechazada' ? `${kind} rechazada` : 'Llamada perdida'
  }
  const minutes = Math.max(
    1,
    Math.round((Date.parse(call.terminada_en) - Date.parse(call.aceptada_en)) / 60_000),
  )
  return `${kind} · ${String(minutes)} min`
}
