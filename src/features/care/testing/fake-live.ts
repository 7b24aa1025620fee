/**
 * A stand-in for `live.ts` in unit tests (`vi.mock('./live', () => import('./testing/fake-live'))`):
 * the test plays the server's events with `emitCareEvent`.
 */
import { act } from '@testing-library/react'
import type { CareEvent } from '../live'

interface Listener {
  onEvent: (event: CareEvent) => void
  cola: boolean
}

/** Who listens now, and whether as the queue. */
export const careListeners = new Set<Listener>()

export function subscribeToCareEvents(
  onEvent: (event: CareEvent) => void,
  { cola = false }: { cola?: boolean } = {},
): () => void {
  const listener = { onEvent, cola }
  careListeners.add(listener)
  return () => careListeners.delete(listener)
}

export function subscribeToLiveStatus(): () => void {
  return () => undefined
}

export function readLiveStatus() {
  return 'live' as const
}

export function emitCareEvent(event: CareEvent) {
  act(() => {
    for (const listener of careListeners) listener.onEvent(event)
  })
}
