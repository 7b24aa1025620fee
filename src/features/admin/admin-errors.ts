import { ApiError, NetworkError, TimeoutError, UnauthorizedError } from '../../lib/api-errors'

const BY_CODE: Partial<Record<string, string>> = {
  invalid_tenant:
    'La dirección solo puede llevar letras minúsculas sin acentos, números y guiones sueltos (sin puntos ni espacios), y no puede ser un nombre reservado.',
  tenant_taken: 'Esa dirección ya la usa otro centro.',
  email_taken: 'Este centro ya tiene una cuenta con ese correo.',
  invalid_color: 'Uno de los colores no es válido. Usa el selector de color.',
  stale:
    'Otra persona ha guardado cambios en este centro mientras editabas. Se ha cargado la versión actual: revisa y vuelve a guardar.',
  forbidden: 'Tu cuenta no tiene permiso para esta acción.',
  unsupported_media_type: 'El logotipo debe ser una imagen PNG, JPEG o WebP (no SVG).',
  payload_too_large: 'El logotipo es demasiado grande: como máximo 1 MB y 2048 píxeles de lado.',
  invalid_image: 'La imagen está dañada o incompleta y no se puede leer.',
}

/** A Spanish sentence for a failed administration call, never an English or technical text. */
export function describeAdminError(error: unknown): string {
  if (error instanceof UnauthorizedError) return 'Tu sesión ha caducado. Inicia sesión de nuevo.'
  if (error instanceof ApiError) {
    const known = error.code === null ? undefined : BY_CODE[error.code]
    if (known) return known
    if (error.status === 400) return 'Revisa los datos: alguno no es válido.'
    if (error.status === 404) return 'No se ha encontrado el centro o la cuenta.'
    return 'El servidor no ha podido completar la operación. Inténtalo de nuevo.'
  }
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return 'No hay conexión con el servidor. Comprueba la red e inténtalo de nuevo.'
  }
  return 'No se ha podido completar la operación. Inténtalo de nuevo.'
}

/** True when the save failed because another admin saved first (HTTP 412). */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412
}
