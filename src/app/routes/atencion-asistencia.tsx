import { useParams } from 'react-router-dom'
import { may } from '../../contract/permissions'
import { signOut } from '../../features/auth/session'
import { ConsultationScreen } from '../../features/care/screens/ConsultationScreen'
import { PushAlertsSlot } from '../PushAlertsSlot'
import { useTenant } from '../tenant-route'
import { RoleScreen } from './screen-parts'

export function Component() {
  const tenant = useTenant()
  const { id = '' } = useParams()
  return (
    <RoleScreen screen="atencion-asistencia">
      {(user) => (
        <>
          <ConsultationScreen
            key={id}
            tenant={tenant}
            id={id}
            rol={user.rol}
            userId={user.id}
            isGuest={user.invitado === true}
            endGuestSession={signOut}
          />
          {/* The patient in the waiting room may leave: alerts tell them when they are taken. */}
          {may(user, 'solicitar') && user.invitado !== true && <PushAlertsSlot />}
        </>
      )}
    </RoleScreen>
  )
}
