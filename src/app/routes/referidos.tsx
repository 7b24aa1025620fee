import { Link } from '../../components/Link'
import { paths } from '../../config/paths'
import { may } from '../../contract/permissions'
import { ReferralsScreen } from '../../features/care/screens/ReferralsScreen'
import { useTenant } from '../tenant-route'
import { RoleScreen } from './screen-parts'

export function Component() {
  const tenant = useTenant()
  return (
    <RoleScreen screen="referidos">
      {(user) =>
        may(user, 'derivar') ? (
          <ReferralsScreen tenant={tenant} professionalId={user.id} />
        ) : (
          // The hospital's administrators follow every open request on the operations board.
          <p>
            Las derivaciones las hacen y las reciben los profesionales. Todas las solicitudes
            abiertas del centro, derivadas o no, están en el{' '}
            <Link to={paths.screen(tenant, 'apanel')}>panel de operaciones</Link>.
          </p>
        )
      }
    </RoleScreen>
  )
}
