/** The Spanish words for a failed care call, whatever failed. */
import { ApiError, InvalidResponseError, NetworkError, TimeoutError } from '../../../lib/api-errors'

export function describeCareError(error: unknown): string {
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return 'No hay conexión con el servidor. Inténtalo de nuevo cuando vuelva la conexión.'
  }
  if (error instanceof ApiError) {
    if (error.status === 409) {
      const body = error.body as { message?: unknown } | null
      return typeof body?.message === 'string' && body.message !== ''
        ? body.message
        : 'La solicitud ha cambiado mientras tanto.'
    }
    if (error.status === 404) return 'Esta consulta no existe o no tienes acceso a ella.'
    if (error.status === 400 || error.status === 422)
      return 'Revisa los datos e inténtalo de nuevo.'
    if (error.status === 413) return 'La foto es demasiado grande.'
    if (error.status === 415) return 'La foto debe ser una imagen PNG, JPEG o WebP.'
    if (error.status === 403) return 'Tu perfil no permite hacer esto.'
  }
  if (error instanceof InvalidResponseError) {
    return 'El servidor ha enviado una respuesta inesperada. Inténtalo de nuevo.'
  }
  return 'Algo ha fallado. Inténtalo de nuevo.'
}

/** True when the API said the record does not exist for this user (never "forbidden"). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}
