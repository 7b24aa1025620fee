import '../../features/care/screens/care.css'
/**
 * `/{tenant}/sala-de-espera`: the waiting room's wall display. Public (no session), shown in kiosk
 * mode (`?kiosco=1` once on the screen's device): the tickets being called, nothing of anyone.
 */
import { SectionPage } from '../../components/SectionPage'
import { WaitingRoomDisplay } from '../../features/care/screens/WaitingRoomDisplay'
import { useTenant } from '../tenant-route'
import { WAITING_ROOM_TITLE } from './screen-titles'

export function Component() {
  const tenant = useTenant()
  return (
    <SectionPage title={WAITING_ROOM_TITLE}>
      <WaitingRoomDisplay tenant={tenant} />
    </SectionPage>
  )
}
