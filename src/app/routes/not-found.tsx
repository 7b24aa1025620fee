import { Link } from '../../components/Link'
import { SectionPage } from '../../components/SectionPage'
import { paths } from '../../config/paths'
import { useTenant } from '../tenant-route'

export function Component() {
  const tenant = useTenant()
  return (
    <SectionPage title="Página no encontrada">
      <p>La dirección que has abierto no corresponde a ninguna página.</p>
      <p>
        <Link to={paths.login(tenant)}>Volver al inicio</Link>
      </p>
    </SectionPage>
  )
}
