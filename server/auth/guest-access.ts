/**
 * What a guest session (immediate care without an account) may do: follow its one request, talk
 * (and call) in its consultation and cancel it while waiting. Every other authenticated route refuses it,
 * so a route added later is closed to guests until it is listed here. Which request is theirs is
 * the care journey's usual rule (a request exists only for its patient and the staff).
 */
const GUEST_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/me',
  'GET /api/eventos',
  'GET /api/asistencias',
  'GET /api/asistencias/:id',
  'POST /api/asistencias/:id/cancelar',
  'GET /api/asistencias/:id/mensajes',
  'POST /api/asistencias/:id/mensajes',
  'POST /api/asistencias/:id/fotos',
  'GET /api/asistencias/:id/fotos/:fotoId',
  'GET /api/asistencias/:id/llamadas',
  'POST /api/asistencias/:id/llamadas',
  'POST /api/asistencias/:id/llamadas/:lid/aceptar',
  'POST /api/asistencias/:id/llamadas/:lid/rechazar',
  'POST /api/asistencias/:id/llamadas/:lid/colgar',
  'POST /api/asistencias/:id/llamadas/:lid/senales',
  'GET /api/llamadas/ice',
])

/** True when a guest session may call the route `method` `url` (its pattern, not the path). */
export function isGuestRoute(method: string, url: string | undefined): boolean {
  return url !== undefined && GUEST_ROUTES.has(`${method} ${url}`)
}
