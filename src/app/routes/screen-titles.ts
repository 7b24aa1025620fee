import type { ReservedSegment } from '../../contract/tenants'

/** The Spanish title of each screen named by a reserved segment (docs/routing.md). */
export const SCREEN_TITLES: Record<ReservedSegment, string> = {
  login: 'Iniciar sesión',
  admin: 'Administración',
  apanel: 'Panel de administración',
  'admin-login': 'Acceso de administración',
  cliente: 'Área del paciente',
  referidos: 'Referidos',
  profesional: 'Área profesional',
  external: 'Acceso externo',
  'validar-cuenta': 'Validar cuenta',
  pagos: 'Pagos',
  'solicitar-asistencia': 'Solicitar asistencia',
  directorio: 'Directorio',
  'atencion-asistencia': 'Atención de asistencia',
  'error-consulta-inactiva': 'Consulta no disponible',
  'terminos-y-condiciones': 'Términos y condiciones',
  'restablecer-acceso': 'Restablecer acceso',
  'agradecimiento-final': 'Gracias',
  'atencion-profesional-publica-inmediata': 'Atención profesional inmediata',
}

/** The waiting room's wall display (`/{tenant}/sala-de-espera`). */
export const WAITING_ROOM_TITLE = 'Sala de espera'
