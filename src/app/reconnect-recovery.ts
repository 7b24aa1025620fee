/**
 * Catches up after an outage: when the connection monitor sees the API reachable again, what the
 * outage interrupted runs again (the tenant's branding, the session's verification).
 */
import type { ConnectionMonitor } from '../features/pwa/connection/connection-status'

export function connectReconnectRecovery(
  monitor: Pick<ConnectionMonitor, 'subscribe' | 'getSnapshot'>,
  onReconnect: () => Promise<void>,
): () => void {
  let wasReachable = monitor.getSnapshot().isReachable
  return monitor.subscribe(() => {
    const { isReachable } = monitor.getSnapshot()
    if (isReachable && !wasReachable) void onReconnect()
    wasReachable = isReachable
  })
}
