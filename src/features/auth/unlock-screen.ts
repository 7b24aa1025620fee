/** Lifting a locked screen: the account's own password, checked by the server. */
import { API_PATHS } from '../../config/api-paths'
import { ApiError, NetworkError, TimeoutError } from '../../lib/api-errors'
import { loadApi } from '../../lib/load-api'
import { forgetScreenLock } from './screen-lock'
import { recordActivity } from './shared-device'

/**
 * Lifts the lock with the signed-in account's password, checked by the server. Resolves with
 * null once open, or the Spanish reason it stays locked (wrong password, too many attempts, no
 * connection). An ended session answers 401: the app's 401 reaction takes over.
 */
export async function unlockScreen(password: string): Promise<string | null> {
  try {
    const { api } = await loadApi()
    await api.request(API_PATHS.desbloquear, { method: 'POST', body: { password } })
  } catch (error) {
    return describeUnlockFailure(error)
  }
  recordActivity(Date.now())
  forgetScreenLock()
  return null
}

function describeUnlockFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 403 && error.code === 'wrong_password') {
    return 'La contraseña no es correcta.'
  }
  if (error instanceof ApiError && error.status === 429) {
    // The server says how long to wait, in Spanish, with the seconds.
    const message = (error.body as { message?: unknown } | null)?.message
    return typeof message === 'string' && message.startsWith('Demasiados intentos')
      ? message
      : 'Demasiados intentos. Espera un poco y vuelve a intentarlo.'
  }
  if (error instanceof ApiError && error.status === 503) {
    return 'El servidor está ocupado. Inténtalo de nuevo en unos segundos.'
  }
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return 'No hay conexión con el servidor: la contraseña se comprueba en el servidor. Inténtalo cuando vuelva la conexión.'
  }
  return 'No se ha podido desbloquear la pantalla. Inténtalo de nuevo.'
}
