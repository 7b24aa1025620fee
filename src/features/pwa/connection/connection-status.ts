/**
 * Whether the API can be reached, from real answers rather than `navigator.onLine` alone (a
 * hospital Wi-Fi can be "online" with the API unreachable). The API client reports every answer
 * and every network failure; while unreachable, a health probe runs soon (2 s), then less and less
 * often, down to every 30 s. Probing soon matters: a browser that was offline does not always say
 * so when it is back (`navigator.onLine` and the `online` event can stay silent after a reload
 * without network), so the probe is what notices the return.
 */
import { loadApi } from '../../../lib/load-api'

export interface ConnectionState {
  isReachable: boolean
  /** Just reachable again after an outage: "Conexión restablecida" is shown for a moment. */
  isRestored: boolean
  /** When the API last answered (ms since the epoch); null if never during this page's life. */
  lastReachableAt: number | null
  /** When reachability was last established or checked: the "now" of the outage message. */
  checkedAt: number
}

export interface ConnectionMonitorOptions {
  /** Resolves true when the API answered at all. */
  probe: () => Promise<boolean>
  isOnline: () => boolean
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> | null
  now?: () => number
  probeIntervalMs?: number
  restoredNoticeMs?: number
  /** Probe once when first shown: answers the worker serves from its cache prove nothing. */
  shouldProbeOnStart?: boolean
}

export interface ConnectionMonitor {
  subscribe: (listener: () => void) => () => void
  getSnapshot: () => ConnectionState
  reportReachable: () => void
  reportUnreachable: () => void
}

/** The longest wait between two probes while unreachable. */
export const PROBE_INTERVAL_MS = 30_000
/** The first probe after the API stopped answering; each next one waits twice as long. */
export const FIRST_PROBE_DELAY_MS = 2_000
export const RESTORED_NOTICE_MS = 5_000
const PROBE_TIMEOUT_MS = 10_000

export function createConnectionMonitor({
  probe,
  isOnline,
  target,
  now = () => Date.now(),
  probeIntervalMs = PROBE_INTERVAL_MS,
  restoredNoticeMs = RESTORED_NOTICE_MS,
  shouldProbeOnStart = true,
}: ConnectionMonitorOptions): ConnectionMonitor {
  const listeners = new Set<() => void>()
  let state: ConnectionState = {
    isReachable: isOnline(),
    isRestored: false,
    lastReachableAt: null,
    checkedAt: now(),
  }
  let probeTimer: ReturnType<typeof setTimeout> | undefined
  let probeDelayMs = Math.min(FIRST_PROBE_DELAY_MS, probeIntervalMs)
  let restoredTimer: ReturnType<typeof setTimeout> | undefined
  let hasProbedOnStart = !shouldProbeOnStart

  function setState(next: ConnectionState) {
    state = next
    for (const listener of listeners) listener()
  }

  // Probing only matters while someone shows the state and the API is unreachable.
  function updateProbing() {
    const shouldProbe = listeners.size > 0 && !state.isReachable
    if (shouldProbe && probeTimer === undefined) {
      probeTimer = setTimeout(() => {
        probeDelayMs = Math.min(probeDelayMs * 2, probeIntervalMs)
        void probeNow().finally(() => {
          probeTimer = undefined
          updateProbing()
        })
      }, probeDelayMs)
    } else if (!shouldProbe && probeTimer !== undefined) {
      clearTimeout(probeTimer)
      probeTimer = undefined
    }
    if (state.isReachable) probeDelayMs = Math.min(FIRST_PROBE_DELAY_MS, probeIntervalMs)
  }

  function reportReachable() {
    // Without any network, an "answer" can only have come from a cache: it proves nothing.
    if (!isOnline()) return
    const at = now()
    const wasReachable = state.isReachable
    setState({
      isReachable: true,
      isRestored: wasReachable ? state.isRestored : true,
      lastReachableAt: at,
      checkedAt: at,
    })
    if (!wasReachable) {
      clearTimeout(restoredTimer)
      restoredTimer = setTimeout(() => {
        if (state.isRestored) setState({ ...state, isRestored: false })
      }, restoredNoticeMs)
    }
    updateProbing()
  }

  function reportUnreachable() {
    clearTimeout(restoredTimer)
    setState({ ...state, isReachable: false, isRestored: false, checkedAt: now() })
    updateProbing()
  }

  async function probeNow() {
    if (await probe()) reportReachable()
    else reportUnreachable()
  }

  const onOnline = () => void probeNow()
  // The browser knows it has no network at all: no need to ask the API.
  const onOffline = () => {
    reportUnreachable()
  }

  return {
    subscribe(listener) {
      if (listeners.size === 0) {
        target?.addEventListener('online', onOnline)
        target?.addEventListener('offline', onOffline)
      }
      listeners.add(listener)
      updateProbing()
      if (!hasProbedOnStart) {
        hasProbedOnStart = true
        void probeNow()
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) {
          target?.removeEventListener('online', onOnline)
          target?.removeEventListener('offline', onOffline)
        }
        updateProbing()
      }
    },
    getSnapshot: () => state,
    reportReachable,
    reportUnreachable,
  }
}

/**
 * One `GET /api/health` through the app's API client, like every request to the API (its token
 * header included, docs/api-requests.md), as a probe that reports nothing itself. The client's
 * code loads with the first probe, not with the first screen; failing to load it is no answer.
 */
export async function probeApiHealth(): Promise<boolean> {
  try {
    return await (await loadApi()).probeHealth(PROBE_TIMEOUT_MS)
  } catch {
    return false
  }
}

/** The app's one monitor; the connection banner reads it. */
export const connectionMonitor: ConnectionMonitor = createConnectionMonitor({
  probe: probeApiHealth,
  isOnline: () => navigator.onLine,
  target: typeof window === 'undefined' ? null : window,
})

/**
 * The API answered (any HTTP status): it is reachable. Called by the API client, which never
 * reports an answer the worker served from its cache.
 */
export function reportApiReachable(): void {
  connectionMonitor.reportReachable()
}

/** A request got no answer at all (network failure or timeout). Called by the API client. */
export function reportApiUnreachable(): void {
  connectionMonitor.reportUnreachable()
}
