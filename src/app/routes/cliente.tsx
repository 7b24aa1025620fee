import { PatientHome } from '../../features/care/PatientHome'
import { useTenant } from '../tenant-route'
import { RoleScreen } from './screen-parts'

export function Component() {
  const tenant = useTenant()
  return (
    <RoleScreen screen="cliente">
      {(user) => <PatientHome tenant={tenant} isGuest={user.invitado === true} />}
    </RoleScreen>
  )
}
