/**
 * Web Push's plain rules, without schemas (the page and the worker read them without loading the
 * schema library): how long the page waits for the push service, the kinds of alert, the texts a
 * notification shows, the screen each leads to and how long each alert still means something. The shapes are in `push.ts`.
 */

/** How long the page waits for the browser's push service before saying it cannot be reached. */
export const SUSCRIPCION_TIMEOUT_MS = 15_000

/** What happened, for whom: the kinds of alert the server pushes. */
export const TIPOS_AVISO = [
  'atendida',
  'mensaje',
  'derivada',
  'finalizada',
  'caducada',
  'nueva_solicitud',
  'derivacion_recibida',
] as const
export type TipoAviso = (typeof TIPOS_AVISO)[number]

/**
 * The texts a notification shows: general on purpose, since a lock screen or a shared tablet is
 * seen by others (never a patient's name nor a reason).
 */
export const TEXTOS_AVISO: Record<TipoAviso, string> = {
  atendida: 'Un profesional ha empezado a atenderte',
  mensaje: 'Tienes un mensaje nuevo',
  derivada: 'Te han derivado a otro profesional',
  finalizada: 'Tu consulta ha finalizado',
  caducada: 'Tu solicitud ha caducado sin ser atendida',
  nueva_solicitud: 'Nueva solicitud de asistencia',
  derivacion_recibida: 'Te han derivado una solicitud',
}

/**
 * The screen an alert leads to, under the hospital's root (`id`: the request, URL-encoded): the
 * queue for a new request, the referrals for one addressed to the professional, the thanks for
 * an end, the consultation otherwise. A pushed notification's press and an in-app banner's link
 * go to the same place.
 */
export function alertScreen(tipo: TipoAviso, id: string): string {
  switch (tipo) {
    case 'nueva_solicitud':
      return 'profesional'
    case 'derivacion_recibida':
      return 'referidos'
    case 'finalizada':
      return `agradecimiento-final/${id}`
    default:
      return `atencion-asistencia/${id}`
  }
}

/**
 * Seconds an alert still means something once written (its push TTL); a new request's alert
 * lasts only until the request expires, whichever is sooner.
 */
export const TTL_AVISO_SEGUNDOS: Record<TipoAviso, number> = {
  atendida: 30 * 60,
  mensaje: 60 * 60,
  derivada: 24 * 60 * 60,
  finalizada: 24 * 60 * 60,
  caducada: 24 * 60 * 60,
  nueva_solicitud: 30 * 60,
  derivacion_recibida: 24 * 60 * 60,
}
