/**
 * A stand-in for `live.ts` in unit tests (`vi.mock('../live/live', () => import('../testing/fake-live'))`):
 * the test plays the server's events with `emitCareEvent`, which reach the page's cache first, as
 * the real stream's do, then the screens.
 */
import type { QueryClient } from '@tanstack/react-query'
import { act } from '@testing-library/react'
import type { CareEvent, CareLive } from '../live/live'
import { writeCareEvent } from '../live/live-cache'

interface Listener {
  onEvent: (event: CareEvent) => void
  cola: boolean
}

/** Who listens now, and whether as the queue. */
export const careListeners = new Set<Listener>()
const clients = new Set<QueryClient>()

const fakeLive: CareLive = {
  subscribe: (onEvent, { cola = false } = {}) => {
    const listener = { onEvent, cola }
    careListeners.add(listener)
    return () => careListeners.delete(listener)
  },
  subscribeToStatus: () => () => undefined,
  readStatus: () => 'live',
}

export function careLiveOf(client: QueryClient): CareLive {
  clients.add(client)
  return fakeLive
}

export function emitCareEvent(event: CareEvent) {
  act(() => {
    for (const client of clients) writeCareEvent(client, event)
    for (const listener of careListeners) listener.onEvent(event)
  })
}
