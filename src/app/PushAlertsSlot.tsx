import { useSyncExternalStore } from 'react'
import { isKioskMode, subscribeToKioskMode } from '../features/auth/kiosk-mode'
import { PushAlertsControl } from '../features/pwa/PushAlertsControl'
import { useHospitalName } from './tenant-route'

/** "Activar avisos" under a screen, for this hospital; nothing on a kiosk. */
export function PushAlertsSlot() {
  const isKiosk = useSyncExternalStore(subscribeToKioskMode, isKioskMode, () => false)
  return <PushAlertsControl hospitalName={useHospitalName()} isKiosk={isKiosk} />
}
