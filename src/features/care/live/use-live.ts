/** React's view of the care stream, the outbox and the connection. */
import { useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react'
import { careLiveOf, type CareEvent } from './live'
import { readPendingIds, subscribeToOutbox } from '../outbox/outbox'
import { useCareQuery, type CareLoad, type CareLoadOptions } from '../api/use-care-query'

/**
 * Calls `onEvent` for each of the user's live events while the screen is shown, as the screen
 * was last drawn (an effect event: current from the commit on, not from a later effect). The
 * stream is the one of the page's cache, which has taken in the event first.
 */
export function useCareEvents(onEvent: (event: CareEvent) => void, { cola = false } = {}): void {
  const live = careLiveOf(useQueryClient())
  const hear = useEffectEvent(onEvent)
  useEffect(
    () =>
      live.subscribe(
        (event) => {
          hear(event)
        },
        { cola },
      ),
    [live, cola],
  )
}

export interface LiveLoadOptions<T> extends CareLoadOptions<T> {
  /**
   * Events that make what is shown stale, beyond `reinicio` (after which the cache reads every
   * care query shown again).
   */
  reloadOn?: (event: CareEvent) => boolean
  /** Every event, for the changes the screen writes into what it shows. */
  onEvent?: (event: CareEvent) => void
  /** The professional's queue: having it open marks them available (`?cola=1`). */
  cola?: boolean
}

/** `useCareQuery`, kept current by the live stream while the screen is shown. */
export function useLiveLoad<T, K extends QueryKey>(
  query: UseQueryOptions<T, Error, T, K> & { queryKey: K },
  { reloadOn, onEvent, cola = false, ...options }: LiveLoadOptions<T> = {},
): CareLoad<T> {
  const loaded = useCareQuery(query, options)
  useCareEvents(
    (event) => {
      if (reloadOn?.(event) === true) loaded.reload()
      onEvent?.(event)
    },
    { cola },
  )
  return loaded
}

export function useLiveStatus() {
  const live = careLiveOf(useQueryClient())
  return useSyncExternalStore(live.subscribeToStatus, live.readStatus)
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
