import { useParams } from 'react-router-dom'
import { signOut } from '../../features/auth/session'
import { ConsultationScreen } from '../../features/care/ConsultationScreen'
import { useTenant } from '../tenant-route'
import { RoleScreen } from './screen-parts'

export function Component() {
  const tenant = useTenant()
  const { id = '' } = useParams()
  return (
    <RoleScreen screen="atencion-asistencia">
      {(user) => (
        <ConsultationScreen
          key={id}
          tenant={tenant}
          id={id}
          rol={user.rol}
          userId={user.id}
          isGuest={user.invitado === true}
          endGuestSession={signOut}
        />
      )}
    </RoleScreen>
  )
}
