import './care.css'
/** `/{tenant}/error-consulta-inactiva?motivo=…`: which way the consultation is over, and what next. */
import { Link } from 'react-router-dom'
import { paths } from '../../config/paths'
import { inactiveReasonOf, INACTIVE_REASONS } from './care-state'

export function InactiveScreen({
  tenant,
  motivo,
  rol,
}: {
  tenant: string
  motivo: string | null
  rol: string | null
}) {
  const reason = inactiveReasonOf(motivo)
  const text = reason
    ? INACTIVE_REASONS[reason]
    : {
        titulo: 'La consulta a la que intentas acceder ya no está activa.',
        detalle: 'Puede haber finalizado, haberse cancelado o haber caducado.',
      }
  return (
    <div className="care-screen">
      <p className="care-lead">{text.titulo}</p>
      <p>{text.detalle}</p>
      <ul className="care-actions">
        {(rol === null || rol === 'cliente') && (
          <li>
            <Link className="button-primary" to={paths.screen(tenant, 'solicitar-asistencia')}>
              Solicitar una nueva asistencia
            </Link>
          </li>
        )}
        {rol !== null && (
          <li>
            <Link to={paths.home(tenant, rol)}>Ir a mi área</Link>
          </li>
        )}
      </ul>
    </div>
  )
}
