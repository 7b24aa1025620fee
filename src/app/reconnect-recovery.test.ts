import { describe, expect, it, vi } from 'vitest'
import { createConnectionMonitor } from '../features/pwa/connection/connection-status'
import { connectReconnectRecovery } from './reconnect-recovery'

function setup() {
  const monitor = createConnectionMonitor({
    probe: () => Promise.resolve(true),
    isOnline: () => true,
    target: null,
    shouldProbeOnStart: false,
  })
  const retry = vi.fn(() => Promise.resolve())
  const disconnect = connectReconnectRecovery(monitor, retry)
  return { monitor, retry, disconnect }
}

describe('connectReconnectRecovery', () => {
  it('retries the interrupted branding when the API is reachable again, once per outage', () => {
    const { monitor, retry } = setup()

    monitor.reportUnreachable()
    expect(retry).not.toHaveBeenCalled()
    monitor.reportReachable()
    monitor.reportReachable()

    expect(retry).toHaveBeenCalledOnce()
  })

  it('does nothing while the API stays reachable', () => {
    const { monitor, retry } = setup()

    monitor.reportReachable()

    expect(retry).not.toHaveBeenCalled()
  })

  it('stops once disconnected', () => {
    const { monitor, retry, disconnect } = setup()

    disconnect()
    monitor.reportUnreachable()
    monitor.reportReachable()

    expect(retry).not.toHaveBeenCalled()
  })
})
