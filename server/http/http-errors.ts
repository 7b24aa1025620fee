import type { DEMASIADAS_SOLICITUDES } from '../../src/contract/care.js'

/** Machine-readable codes of every error answer (`{ error, message }`). */
export type ErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'payload_too_large'
  | 'invalid_credentials'
  | 'wrong_password'
  | 'account_disabled'
  | 'hospital_disabled'
  | 'other_hospital'
  | 'missing_token'
  | 'invalid_token'
  | 'token_expired'
  | 'password_changed'
  | 'rate_limited'
  | 'server_busy'
  | 'not_found'
  | 'internal_error'
  | 'forbidden'
  | 'invalid_tenant'
  | 'invalid_color'
  | 'tenant_taken'
  | 'name_taken'
  /** A list (a hospital's specialties) holds as many entries as it may. */
  | 'limit_reached'
  | 'email_taken'
  | 'precondition_required'
  | 'stale'
  | 'unsupported_media_type'
  | 'invalid_image'
  | 'invalid_access_code'
  | 'database_unavailable'
  /** The body stalled, or arrived too slowly, and the connection was closed. */
  | 'request_timeout'
  | 'ya_atendida'
  /** A waiting request the board assigned to another professional. */
  | 'asignada_a_otro'
  | 'id_en_uso'
  | 'estado_no_valido'
  | 'ya_valorada'
  | 'demasiadas_fotos'
  | typeof DEMASIADAS_SOLICITUDES
  | 'email_pending'
  | 'weak_password'
  | 'email_unavailable'
  | 'code_used'
  | 'code_expired'
  | 'code_unknown'
  | 'terms_changed'
  | 'no_terms'
  | 'llamada_activa'
  | 'llamada_no_disponible'
  /** A walk-in without a valid, unrevoked kiosk credential of the hospital. */
  | 'kiosk_required'

/** Body of every error answer of the API. */
export interface ErrorBody {
  error: ErrorCode
  message: string
  tenant?: string
}

/** An error whose status, code and Spanish message are safe to show to the caller as they are. */
export class HttpError extends Error {
  readonly statusCode: number
  readonly code: ErrorCode

  /** The hospital an account belongs to, sent only with `other_hospital`. */
  readonly tenant: string | undefined

  /** Sent as `Retry-After` with the answer when set. */
  readonly retryAfterSeconds: number | undefined

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    tenant?: string,
    { retryAfterSeconds }: { retryAfterSeconds?: number } = {},
  ) {
    super(message)
    this.name = 'HttpError'
    this.statusCode = statusCode
    this.code = code
    this.tenant = tenant
    this.retryAfterSeconds = retryAfterSeconds
  }

  /** The JSON body sent for this error. */
  toBody(): ErrorBody {
    return this.tenant === undefined
      ? { error: this.code, message: this.message }
      : { error: this.code, message: this.message, tenant: this.tenant }
  }
}

/** Spanish messages shared by several modules. */
export const MESSAGES = {
  invalidRequest: 'La solicitud no es válida.',
  invalidJson: 'El cuerpo de la solicitud debe ser un JSON válido.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  invalidCredentials: 'Correo o contraseña incorrectos.',
  wrongPassword: 'La contraseña no es correcta.',
  otherHospital: 'Esta cuenta pertenece a otro centro.',
  accountDisabled: 'Tu cuenta está desactivada. Habla con la administración de tu centro.',
  hospitalDisabled: 'Este centro está desactivado. Habla con la administración de tu centro.',
  missingToken: 'Falta el token de sesión. Inicia sesión.',
  invalidToken: 'La sesión no es válida. Inicia sesión de nuevo.',
  tokenExpired: 'La sesión ha caducado. Inicia sesión de nuevo.',
  passwordChanged:
    'Se ha cerrado la sesión porque la contraseña ha cambiado. Inicia sesión con la nueva contraseña.',
  notFound: 'No se ha encontrado el recurso solicitado.',
  serverBusy: 'El servidor está ocupado. Inténtalo de nuevo en unos segundos.',
  internalError: 'Se ha producido un error interno. Inténtalo de nuevo más tarde.',
  forbidden: 'Tu cuenta no tiene permiso para esta acción.',
  emailPending:
    'Tu cuenta está pendiente de confirmación: sigue el enlace que te enviamos por correo electrónico.',
  termsChanged: 'Los términos y condiciones han cambiado: léelos de nuevo antes de aceptarlos.',
  termsPending:
    'Los términos y condiciones de tu centro han cambiado: acéptalos antes de solicitar asistencia.',
} as const

/** 429 for too many sign-in attempts; `retryAfterSeconds` also goes in the `Retry-After` header. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, retryAfterSeconds)
  const unit = seconds === 1 ? 'segundo' : 'segundos'
  return new HttpError(
    429,
    'rate_limited',
    `Demasiados intentos de inicio de sesión. Inténtalo de nuevo dentro de ${seconds} ${unit}.`,
  )
}
