import { PatientHome } from '../../features/care/screens/PatientHome'
import { PushAlertsSlot } from '../PushAlertsSlot'
import { useTenant } from '../tenant-route'
import { RoleScreen } from './screen-parts'

export function Component() {
  const tenant = useTenant()
  return (
    <RoleScreen screen="cliente">
      {(user) => (
        <>
          <PatientHome tenant={tenant} isGuest={user.invitado === true} />
          {/* A guest (immediate care, a kiosk's walk-in) is never alerted on this device. */}
          {user.invitado !== true && <PushAlertsSlot />}
        </>
      )}
    </RoleScreen>
  )
}
