/** Spanish words for the profile's failures. */
import { LINK_CODE_FAILURES } from '../../contract/join-rules'
import { ApiError, NetworkError, TimeoutError } from '../../lib/api-errors'

/** What the person is told when a profile call fails. */
export function describeProfileError(error: unknown): string {
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return 'No hay conexión con el servidor. Comprueba tu conexión e inténtalo de nuevo.'
  }
  if (error instanceof ApiError) {
    if (error.status === 429)
      return 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.'
    if (error.code === 'wrong_password') return 'La contraseña actual no es correcta.'
    if (error.code === 'email_unavailable') {
      return 'Ahora no podemos enviar correos electrónicos. Contacta con la administración de tu centro.'
    }
    const message = (error.body as { message?: unknown } | null)?.message
    // The server's messages are Spanish and meant to be shown (which password rule failed, a used
    // or expired link, an open request that keeps the account open).
    const isExplained =
      error.status === 400 ||
      error.status === 409 ||
      (error.code !== null && (LINK_CODE_FAILURES as readonly string[]).includes(error.code))
    if (isExplained && typeof message === 'string') return message
    if (error.status === 403) return 'Tu cuenta no tiene acceso a esta parte del perfil.'
  }
  return 'No se ha podido completar la solicitud. Inténtalo de nuevo en unos minutos.'
}
