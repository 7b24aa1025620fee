import { useState } from 'react'
import { ProfessionalScreen } from '../../features/care/screens/ProfessionalScreen'
import { PushAlertsSlot } from '../PushAlertsSlot'
import { useTenant } from '../tenant-route'
import { RoleScreen } from './screen-parts'

export function Component() {
  const tenant = useTenant()
  const [waiting, setWaiting] = useState(0)
  return (
    // The tab's title counts who is waiting, so a professional sees it from another tab.
    <RoleScreen screen="profesional" titleCount={waiting}>
      {(user) => (
        <>
          <ProfessionalScreen tenant={tenant} professionalId={user.id} onQueueCount={setWaiting} />
          <PushAlertsSlot />
        </>
      )}
    </RoleScreen>
  )
}
