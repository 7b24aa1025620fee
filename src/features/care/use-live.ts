/** React's view of the care stream, the outbox and the connection. */
import { useEffect, useRef, useSyncExternalStore } from 'react'
import {
  readLiveStatus,
  subscribeToCareEvents,
  subscribeToLiveStatus,
  type CareEvent,
} from './live'
import { readPendingIds, subscribeToOutbox } from './outbox'

/** Calls `onEvent` for each of the user's live events while the screen is shown. */
export function useCareEvents(onEvent: (event: CareEvent) => void, { cola = false } = {}): void {
  const handler = useRef(onEvent)
  useEffect(() => {
    handler.current = onEvent
  })
  useEffect(
    () =>
      subscribeToCareEvents(
        (event) => {
          handler.current(event)
        },
        { cola },
      ),
    [cola],
  )
}

export function useLiveStatus() {
  return useSyncExternalStore(subscribeToLiveStatus, readLiveStatus)
}

export function usePendingIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribeToOutbox, readPendingIds)
}

function subscribeToOnline(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** The browser's own idea of the connection: false means certainly offline. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeToOnline, () => navigator.onLine)
}

/** The current time, refreshed every `intervalMs`, for waiting times that keep counting. */
export function useNow(intervalMs = 30_000): number {
  return useSyncExternalStore(
    (listener) => {
      const timer = setInterval(listener, intervalMs)
      return () => {
        clearInterval(timer)
      }
    },
    () => Math.floor(Date.now() / intervalMs) * intervalMs,
  )
}
