/** Paths of the API the app talks to (docs/api-requests.md), relative to the API base URL. */
export const API_PATHS = {
  hospitales: '/api/hospitales',
  login: '/api/auth/login',
  me: '/api/me',
  desbloquear: '/api/auth/desbloquear',
  health: '/api/health',
  adminHospitales: '/api/admin/hospitales',
  asistencias: '/api/asistencias',
  estadisticas: '/api/asistencias/estadisticas',
  /** Every hospital's figures of today (the portal's administrators). */
  estadisticasCentros: '/api/admin/estadisticas',
  /** The hospital's professionals on the board, with their state. */
  turno: '/api/tablero/profesionales',
  profesionales: '/api/profesionales',
  especialidades: '/api/especialidades',
  eventos: '/api/eventos',
  registro: '/api/auth/registro',
  validarCuenta: '/api/auth/validar-cuenta',
  reenviarValidacion: '/api/auth/reenviar-validacion',
  olvido: '/api/auth/olvido',
  restablecerEnlace: '/api/auth/restablecer-enlace',
  restablecerAcceso: '/api/auth/restablecer-acceso',
  aceptarInvitacion: '/api/auth/aceptar-invitacion',
  terminos: '/api/terminos',
  aceptarTerminos: '/api/terminos/aceptar',
  avisosClave: '/api/avisos/clave',
  avisosSuscripcion: '/api/avisos/suscripcion',
  llamadasIce: '/api/llamadas/ice',
  perfil: '/api/perfil',
  perfilNombre: '/api/perfil/nombre',
  perfilContrasena: '/api/perfil/contrasena',
  perfilCorreo: '/api/perfil/correo',
  perfilCorreoConfirmar: '/api/perfil/correo/confirmar',
  perfilDatos: '/api/perfil/datos',
  perfilLecturas: '/api/perfil/lecturas',
  perfilCerrar: '/api/perfil/cerrar',
  salaDeEspera: '/api/sala-de-espera',
} as const

/**
 * `/api/asistencias/{id}` and what hangs from it (`atender`, `mensajes`, `fotos`, …), and
 * `asistenciaPath('inmediata')`, the public request of immediate care.
 */
export function asistenciaPath(id: string, ...rest: string[]): string {
  return [API_PATHS.asistencias, id, ...rest]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part)))
    .join('/')
}

/**
 * `/api/admin/hospitales/{tenant}` and what hangs from it (`/logo`, `/cuentas`, `/cuentas/{id}`).
 */
export function adminHospitalPath(tenant: string, ...rest: (string | number)[]): string {
  return [API_PATHS.adminHospitales, tenant, ...rest]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(String(part))))
    .join('/')
}

/** Request header carrying the user's bearer token (`X-Authorization: Bearer <token>`). */
export const TOKEN_HEADER = 'X-Authorization'
