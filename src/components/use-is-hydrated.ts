import { useSyncExternalStore } from 'react'

function subscribeToNothing(): () => void {
  return () => undefined
}

/**
 * False while React hydrates HTML the build rendered, true on every render after it (and on a
 * page rendered afresh): what depends on this device (kiosk, install offer, connection) waits for
 * it, so hydration finds exactly the markup the build wrote and the device's state follows.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}
