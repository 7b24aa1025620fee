import './care.css'
/** `/{tenant}/error-consulta-inactiva?motivo=…`: which way the consultation is over, and what next. */
import { Link } from '../../../components/Link'
import { paths } from '../../../config/paths'
import { may, type Actor } from '../../../contract/permissions'
import { inactiveReasonOf, INACTIVE_REASONS, STAFF_INACTIVE_REASONS } from '../state/care-state'

const CLOSED_BY_HOSPITAL = {
  titulo: 'El centro ha cerrado tu solicitud.',
  detalle: 'Nadie la atenderá. Si aún necesitas ayuda, puedes solicitar una nueva asistencia.',
}

export function InactiveScreen({
  tenant,
  motivo,
  cierre = null,
  user,
  telefono,
}: {
  tenant: string
  motivo: string | null
  /** Why the hospital closed the request, when it did (handed by the screen that saw it). */
  cierre?: string | null
  /** Who is signed in at this hospital, if anyone. */
  user: Actor | null
  /** The hospital's contact phone, offered when nobody could take a request in time. */
  telefono: string | null
}) {
  const reason = inactiveReasonOf(motivo)
  // Staff are told what became of the patient's request, never advised to ask for help.
  const isStaff = user !== null && !may(user, 'solicitar')
  const text =
    reason === 'cancelada' && cierre !== null
      ? CLOSED_BY_HOSPITAL
      : reason
        ? (isStaff ? STAFF_INACTIVE_REASONS : INACTIVE_REASONS)[reason]
        : {
            titulo: 'La consulta a la que intentas acceder ya no está activa.',
            detalle: 'Puede haber finalizado, haberse cancelado o haber caducado.',
          }
  return (
    <div className="care-screen">
      <p className="care-lead">{text.titulo}</p>
      <p>{text.detalle}</p>
      {reason === 'cancelada' && cierre !== null && (
        <p className="care-lead">
          Motivo: <span className="care-text">{cierre}</span>
        </p>
      )}
      {reason === 'caducada' && telefono && !isStaff && (
        <p className="care-lead">
          Si necesitas atención ahora, llama al centro:{' '}
          <a href={`tel:${telefono.replace(/[^+0-9]/g, '')}`}>{telefono}</a>.
        </p>
      )}
      <ul className="care-actions">
        {user !== null && may(user, 'solicitar') && (
          <li>
            <Link className="button-primary" to={paths.screen(tenant, 'solicitar-asistencia')}>
              Solicitar una nueva asistencia
            </Link>
          </li>
        )}
        {user === null && (
          <>
            <li>
              <Link
                className="button-primary"
                to={paths.screen(tenant, 'atencion-profesional-publica-inmediata')}
              >
                Pedir atención inmediata
              </Link>
            </li>
            <li>
              <Link to={paths.screen(tenant, 'solicitar-asistencia')}>
                Solicitar asistencia con tu cuenta
              </Link>
            </li>
          </>
        )}
        {user !== null && (
          <li>
            <Link to={paths.home(tenant, user.rol)}>Ir a mi área</Link>
          </li>
        )}
      </ul>
    </div>
  )
}
