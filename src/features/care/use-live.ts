/** React's view of the care stream, the outbox and the connection. */
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react'
import {
  readLiveStatus,
  subscribeToCareEvents,
  subscribeToLiveStatus,
  type CareEvent,
} from './live'
import { readPendingIds, subscribeToOutbox } from './outbox'
import { useCareLoad, type CareLoad, type CareLoadOptions } from './use-care-load'

/**
 * Calls `onEvent` for each of the user's live events while the screen is shown, as the screen
 * was last drawn (an effect event: current from the commit on, not from a later effect).
 */
export function useCareEvents(onEvent: (event: CareEvent) => void, { cola = false } = {}): void {
  const hear = useEffectEvent(onEvent)
  useEffect(
    () =>
      subscribeToCareEvents(
        (event) => {
          hear(event)
        },
        { cola },
      ),
    [cola],
  )
}

export interface LiveLoadOptions<T> extends CareLoadOptions<T> {
  /**
   * Events that make what is shown stale, beyond `reinicio` (which always does: the stream says
   * so when it cannot replay what was missed).
   */
  reloadOn?: (event: CareEvent) => boolean
  /** Every event, for the changes the screen applies to what it shows by itself. */
  onEvent?: (event: CareEvent) => void
  /** The professional's queue: having it open marks them available (`?cola=1`). */
  cola?: boolean
}

/** `useCareLoad`, loading again whenever the live stream says what is shown is stale. */
export function useLiveLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  { reloadOn, onEvent, cola = false, ...options }: LiveLoadOptions<T> = {},
): CareLoad<T> {
  const loaded = useCareLoad(load, options)
  useCareEvents(
    (event) => {
      if (event.tipo === 'reinicio' || reloadOn?.(event) === true) loaded.reload()
      onEvent?.(event)
    },
    { cola },
  )
  return loaded
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
