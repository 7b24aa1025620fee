import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createConnectionMonitor,
  probeApiHealth,
  FIRST_PROBE_DELAY_MS,
  PROBE_INTERVAL_MS,
  RESTORED_NOTICE_MS,
} from './connection-status'
import { setApiEventHandlers } from '../../../lib/api-events'

let clock: number

function setup({ isOnline = true, isApiUp = false, shouldProbeOnStart = false } = {}) {
  const probe = vi.fn(() => Promise.resolve(isApiUp))
  const online = { value: isOnline }
  const target = new EventTarget()
  const monitor = createConnectionMonitor({
    probe,
    isOnline: () => online.value,
    target,
    now: () => clock,
    shouldProbeOnStart,
  })
  const listener = vi.fn()
  const unsubscribe = monitor.subscribe(listener)
  return { monitor, probe, target, listener, unsubscribe, online }
}

beforeEach(() => {
  vi.useFakeTimers()
  clock = 1_000_000
})

afterEach(() => {
  vi.useRealTimers()
})

describe('createConnectionMonitor', () => {
  test('starts from navigator.onLine', () => {
    expect(setup({ isOnline: false }).monitor.getSnapshot().isReachable).toBe(false)
    expect(setup({ isOnline: true }).monitor.getSnapshot()).toMatchObject({
      isReachable: true,
      lastReachableAt: null,
    })
  })

  test('an API answer records when the API was last reachable', () => {
    const { monitor, listener } = setup()
    monitor.reportReachable()
    expect(monitor.getSnapshot()).toMatchObject({ isReachable: true, lastReachableAt: 1_000_000 })
    expect(listener).toHaveBeenCalled()
  })

  test('with no network at all, a (cached) answer does not make it reachable', () => {
    const { monitor } = setup({ isOnline: false })
    monitor.reportReachable()
    expect(monitor.getSnapshot()).toMatchObject({ isReachable: false, lastReachableAt: null })
  })

  test('a network failure makes it unreachable and keeps the last reachable time', () => {
    const { monitor } = setup()
    monitor.reportReachable()
    clock += 120_000
    monitor.reportUnreachable()
    expect(monitor.getSnapshot()).toEqual({
      isReachable: false,
      isRestored: false,
      lastReachableAt: 1_000_000,
      checkedAt: 1_120_000,
    })
  })

  test('while unreachable the health endpoint is probed after 2 s, then less often, down to every 30 s', async () => {
    const { monitor, probe } = setup()
    monitor.reportUnreachable()

    clock += FIRST_PROBE_DELAY_MS
    await vi.advanceTimersByTimeAsync(FIRST_PROBE_DELAY_MS)
    expect(probe).toHaveBeenCalledOnce()
    expect(monitor.getSnapshot().checkedAt).toBe(clock)

    // 4, 8 and 16 s later, then every 30 s.
    const schedule: [delay: number, calls: number][] = [
      [4_000, 2],
      [8_000, 3],
      [16_000, 4],
      [PROBE_INTERVAL_MS, 5],
      [PROBE_INTERVAL_MS, 6],
    ]
    for (const [delay, calls] of schedule) {
      await vi.advanceTimersByTimeAsync(delay - 1)
      expect(probe).toHaveBeenCalledTimes(calls - 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(probe).toHaveBeenCalledTimes(calls)
    }
  })

  test('the first probe of a new outage comes soon again', async () => {
    const { monitor, probe } = setup()
    monitor.reportUnreachable()
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000)
    expect(probe).toHaveBeenCalledTimes(3)

    monitor.reportReachable()
    monitor.reportUnreachable()
    await vi.advanceTimersByTimeAsync(FIRST_PROBE_DELAY_MS)
    expect(probe).toHaveBeenCalledTimes(4)
  })

  test('a successful probe restores it, shows the notice briefly and stops probing', async () => {
    const { monitor, probe } = setup({ isApiUp: true })
    monitor.reportUnreachable()

    await vi.advanceTimersByTimeAsync(FIRST_PROBE_DELAY_MS)
    expect(monitor.getSnapshot()).toMatchObject({ isReachable: true, isRestored: true })

    await vi.advanceTimersByTimeAsync(RESTORED_NOTICE_MS)
    expect(monitor.getSnapshot().isRestored).toBe(false)
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3)
    expect(probe).toHaveBeenCalledOnce()
  })

  test('probes once when first shown: a page served from caches proves nothing', async () => {
    const { monitor, probe } = setup({ isApiUp: false, shouldProbeOnStart: true })
    await vi.advanceTimersByTimeAsync(0)
    expect(probe).toHaveBeenCalledOnce()
    expect(monitor.getSnapshot().isReachable).toBe(false)
    monitor.subscribe(vi.fn())
    await vi.advanceTimersByTimeAsync(0)
    expect(probe).toHaveBeenCalledOnce()
  })

  test('no probing while reachable, or while nobody shows the state', async () => {
    const { monitor, probe, unsubscribe } = setup()
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 2)
    expect(probe).not.toHaveBeenCalled()

    unsubscribe()
    monitor.reportUnreachable()
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 2)
    expect(probe).not.toHaveBeenCalled()
  })

  test('the online event probes at once; the offline event needs no probe', async () => {
    const { monitor, probe, target, online } = setup({ isApiUp: true })
    online.value = false
    target.dispatchEvent(new Event('offline'))
    expect(monitor.getSnapshot().isReachable).toBe(false)
    expect(probe).not.toHaveBeenCalled()

    online.value = true
    target.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(probe).toHaveBeenCalledOnce()
    expect(monitor.getSnapshot().isReachable).toBe(true)
  })

  test('online with the API still down stays unreachable', async () => {
    const { monitor, target } = setup({ isApiUp: false })
    monitor.reportUnreachable()
    target.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(monitor.getSnapshot().isReachable).toBe(false)
  })
})

describe('probeApiHealth', () => {
  test('asks /api/health through the API client, token header included; any answer means reachable', async () => {
    localStorage.setItem('token', 'a-stored-token')
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(null, { status: 503 })),
    )
    vi.stubGlobal('fetch', fetchMock)
    await expect(probeApiHealth()).resolves.toBe(true)
    expect(fetchMock).toHaveBeenCalledOnce()
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('http://localhost:3000/api/health')
    expect(init?.credentials).toBe('omit')
    expect(new Headers(init?.headers).get('X-Authorization')).toBe('Bearer a-stored-token')
  })

  test('a 401 to the probe neither wipes the session nor leaves the screen', async () => {
    localStorage.setItem('token', 'a-stored-token')
    const onUnauthorized = vi.fn()
    setApiEventHandlers({ onUnauthorized })
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ error: 'invalid_token' }, { status: 401 }))),
    )
    await expect(probeApiHealth()).resolves.toBe(true)
    expect(onUnauthorized).not.toHaveBeenCalled()
    expect(localStorage.getItem('token')).toBe('a-stored-token')
  })

  test('reads every answer to its end, so no connection stays held by an unread body', async () => {
    const answer = new Response(JSON.stringify({ ok: true }), { status: 200 })
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer)),
    )
    await expect(probeApiHealth()).resolves.toBe(true)
    expect(answer.bodyUsed).toBe(true)
  })

  test('a network failure means unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(probeApiHealth()).resolves.toBe(false)
  })
})
