/**
 * Web Push ("Activar avisos"): the device's subscription the page hands the server, the VAPID key
 * it subscribes with, and the notification the server pushes and the worker shows. A pushed
 * notification can land on a lock screen or a shared tablet: its texts never name a patient or a
 * reason, only the hospital and which screen to open.
 */
import Type, { type Static } from 'typebox'

/** Devices (subscriptions) one account may keep; a new one beyond that replaces the oldest. */
export const MAX_SUSCRIPCIONES_POR_CUENTA = 10
/** Longest push-service endpoint URL accepted. */
export const ENDPOINT_MAX_LENGTH = 2048
/** Largest body of `PUT`/`DELETE /api/avisos/suscripcion`, in bytes. */
export const SUSCRIPCION_BODY_MAX_BYTES = 4096
/** How long the page waits for the browser's push service before saying it cannot be reached. */
export const SUSCRIPCION_TIMEOUT_MS = 15_000

// Unpadded, as `PushSubscription.toJSON()` gives them; the length is part of the pattern.
const Base64Url = (minLength: number, maxLength: number) =>
  Type.String({ pattern: `^[A-Za-z0-9_-]{${String(minLength)},${String(maxLength)}}$` })

/**
 * A device's push subscription (`PushSubscription.toJSON()`): where to post and the keys that
 * encrypt for it (RFC 8291: a P-256 public key, 65 bytes, and a 16-byte secret, base64url).
 */
export const SuscripcionPush = Type.Object(
  {
    // Its form and service are checked by the server's endpoint policy (an allowed https URL).
    endpoint: Type.String({ minLength: 8, maxLength: ENDPOINT_MAX_LENGTH }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Type.Object(
      { p256dh: Base64Url(86, 90), auth: Base64Url(21, 26) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
export type SuscripcionPush = Static<typeof SuscripcionPush>

/** `DELETE /api/avisos/suscripcion`: the endpoint is the device's secret, enough to forget it. */
export const BajaSuscripcion = Type.Object(
  { endpoint: Type.String({ minLength: 8, maxLength: ENDPOINT_MAX_LENGTH }) },
  { additionalProperties: false },
)
export type BajaSuscripcion = Static<typeof BajaSuscripcion>

/** `GET /api/avisos/clave`: the server's VAPID public key (base64url, uncompressed P-256). */
export const ClaveAvisos = Type.Object({ clave: Type.String() })
export type ClaveAvisos = Static<typeof ClaveAvisos>

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

/** The body of a push message (JSON, encrypted for the device). */
export const AvisoPush = Type.Object({
  tipo: Type.Enum(TIPOS_AVISO),
  /** The hospital's name: the notification's title. */
  titulo: Type.String({ maxLength: 200 }),
  cuerpo: Type.String({ maxLength: 200 }),
  tenant: Type.String({ maxLength: 100 }),
  /** The screen a press opens: a path of the app under `/{tenant}/`. */
  url: Type.String({ maxLength: 300 }),
  /** One consultation's notifications replace each other instead of piling up. */
  tag: Type.String({ maxLength: 100 }),
})
export type AvisoPush = Static<typeof AvisoPush>
