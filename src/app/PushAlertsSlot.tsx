import { lazy, Suspense, useSyncExternalStore } from 'react'
import { isKioskMode, subscribeToKioskMode } from '../features/auth/kiosk-mode'
import { useHospitalName } from './tenant-route'

// Not part of a screen's first load: the screen works first, the offer follows.
const PushAlertsControl = lazy(async () => ({
  default: (await import('../features/pwa/alerts/PushAlertsControl')).PushAlertsControl,
}))

/** "Activar avisos" under a screen, for this hospital; nothing on a kiosk. */
export function PushAlertsSlot() {
  const isKiosk = useSyncExternalStore(subscribeToKioskMode, isKioskMode, () => false)
  const hospitalName = useHospitalName()
  if (isKiosk) return null
  return (
    <Suspense fallback={null}>
      <PushAlertsControl hospitalName={hospitalName} isKiosk={isKiosk} />
    </Suspense>
  )
}
