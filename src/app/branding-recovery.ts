/**
 * Brings the tenant's branding back after an outage: when the connection monitor sees the API
 * reachable again, the branding load the outage interrupted runs again.
 */
import type { ConnectionMonitor } from '../features/pwa/connection-status'

export function connectBrandingRecovery(
  monitor: Pick<ConnectionMonitor, 'subscribe' | 'getSnapshot'>,
  retryInterruptedBranding: () => Promise<void>,
): () => void {
  let wasReachable = monitor.getSnapshot().isReachable
  return monitor.subscribe(() => {
    const { isReachable } = monitor.getSnapshot()
    if (isReachable && !wasReachable) void retryInterruptedBranding()
    wasReachable = isReachable
  })
}
