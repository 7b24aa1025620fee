import { useSyncExternalStore } from 'react'
import { isKioskMode, subscribeToKioskMode } from '../../features/auth/kiosk-mode'

/** True while this device is a kiosk, re-rendering when that changes (here or in another tab). */
export function useIsKioskMode(): boolean {
  // Prerendered screens are drawn for an ordinary device; a kiosk's look follows hydration.
  return useSyncExternalStore(subscribeToKioskMode, isKioskMode, () => false)
}
