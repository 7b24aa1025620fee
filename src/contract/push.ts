/**
 * Web Push ("Activar avisos"): the device's subscription the page hands the server, the VAPID key
 * it subscribes with, and the notification the server pushes and the worker shows. A pushed
 * notification can land on a lock screen or a shared tablet: its texts never name a patient or a
 * reason, only the hospital and which screen to open. The kinds of alert and their texts are plain
 * values in `push-rules.ts`, which the page and the worker read without the schemas.
 */
import { Type, type Static } from 'typebox'
import { TIPOS_AVISO } from './push-rules.js'

/** Devices (subscriptions) one account may keep; a new one beyond that replaces the oldest. */
export const MAX_SUSCRIPCIONES_POR_CUENTA = 10
/** Longest push-service endpoint URL accepted. */
export const ENDPOINT_MAX_LENGTH = 2048
/** Largest body of `PUT`/`DELETE /api/avisos/suscripcion`, in bytes. */
export const SUSCRIPCION_BODY_MAX_BYTES = 4096
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
