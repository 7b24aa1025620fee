import { useSyncExternalStore } from 'react'
import { describeConnection } from './connection-message'
import {
  connectionMonitor,
  type ConnectionMonitor,
  type ConnectionState,
} from './connection-status'
import { ConnectionStatusRegion } from './ConnectionStatusRegion'

interface ConnectionStatusProps {
  /** The app's own monitor unless a test passes another. */
  monitor?: Pick<ConnectionMonitor, 'subscribe' | 'getSnapshot'>
}

// What a prerendered screen shows: no message; the real state follows hydration.
const PRERENDERED_STATE: ConnectionState = {
  isReachable: true,
  isRestored: false,
  lastReachableAt: null,
  checkedAt: 0,
}
function readPrerendered(): ConnectionState {
  return PRERENDERED_STATE
}

/**
 * "Sin conexión · última conexión hace 5 minutos" while the API cannot be reached (refreshed with
 * every 30-s probe), then "Conexión restablecida" for a moment. Announced politely.
 */
export function ConnectionStatus({ monitor = connectionMonitor }: ConnectionStatusProps) {
  const state = useSyncExternalStore(monitor.subscribe, monitor.getSnapshot, readPrerendered)
  const message = describeConnection(state)
  const tone = !state.isReachable ? 'offline' : message ? 'restored' : 'online'

  return <ConnectionStatusRegion tone={tone} message={message} />
}
