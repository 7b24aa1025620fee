/** Spanish words for the failures of the joining and reset calls. */
import { LINK_CODE_FAILURES, type LinkCodeFailure } from '../../contract/join-rules'
import { ApiError, NetworkError, TimeoutError } from '../../lib/api-errors'

/** What a link's code failure means to the person who opened it. */
export const LINK_FAILURE_TEXT: Record<LinkCodeFailure, string> = {
  code_used: 'Este enlace ya se ha usado.',
  code_expired: 'Este enlace ha caducado.',
  code_unknown: 'Este enlace no es válido: comprueba que lo has copiado entero.',
}

/** The reason a link did not work, or null for any other failure. */
export function linkFailureOf(error: unknown): LinkCodeFailure | null {
  if (!(error instanceof ApiError) || error.code === null) return null
  return (LINK_CODE_FAILURES as readonly string[]).includes(error.code)
    ? (error.code as LinkCodeFailure)
    : null
}

/** Any other failure, said plainly. */
export function describeJoinError(error: unknown): string {
  const failure = linkFailureOf(error)
  if (failure) return LINK_FAILURE_TEXT[failure]
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return 'No hay conexión con el servidor. Comprueba tu conexión e inténtalo de nuevo.'
  }
  if (error instanceof ApiError) {
    if (error.status === 429)
      return 'Demasiadas solicitudes. Espera unos minutos y vuelve a intentarlo.'
    if (error.code === 'no_terms') {
      return 'El registro en este centro todavía no está abierto: aún no ha publicado sus términos y condiciones.'
    }
    if (error.code === 'email_unavailable') {
      return 'Ahora no podemos enviar correos electrónicos. Contacta con la administración de tu centro.'
    }
    const message = (error.body as { message?: unknown } | null)?.message
    // The server's messages are Spanish and meant to be shown (which password rule failed).
    if (error.status === 400 && typeof message === 'string') return message
    if (error.status === 404) return 'Este centro no existe o no está activo.'
  }
  return 'No se ha podido completar la solicitud. Inténtalo de nuevo en unos minutos.'
}
