import { afterEach, describe, expect, it, vi } from 'vitest'
import { UnauthorizedError } from './api-errors'
import { backoffDelay, openLiveEvents, type LiveEvent, type LiveStatus } from './live-events'

afterEach(() => {
  vi.useRealTimers()
})

/** A stream the test writes SSE text into and ends (a dropped connection) when it wants. */
function controllableStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
  })
  return {
    stream,
    send: (text: string) => {
      controller.enqueue(new TextEncoder().encode(text))
    },
    drop: () => {
      controller.close()
    },
    fail: () => {
      controller.error(new TypeError('network error'))
    },
  }
}

function setup() {
  const connections: {
    headers: Record<string, string>
    stream: ReturnType<typeof controllableStream>
  }[] = []
  const events: LiveEvent[] = []
  const statuses: LiveStatus[] = []
  const open = vi.fn((headers: Record<string, string>) => {
    const stream = controllableStream()
    connections.push({ headers, stream })
    return Promise.resolve(stream.stream)
  })
  return { connections, events, statuses, open }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

describe('openLiveEvents', () => {
  it('parses events, even split across chunks, and reports the stream live', async () => {
    vi.useFakeTimers()
    const { connections, events, statuses, open } = setup()
    const live = openLiveEvents({
      open,
      onEvent: (e) => events.push(e),
      onStatus: (s) => statuses.push(s),
    })
    await flush()
    expect(statuses).toEqual(['connecting', 'live'])
    connections[0]?.stream.send('id: 7\nevent: asistencia\ndata: {"a":')
    connections[0]?.stream.send('1}\n\n: heartbeat\n\n')
    await flush()
    expect(events).toEqual([{ id: '7', event: 'asistencia', data: '{"a":1}' }])
    expect(live.lastEventId()).toBe('7')
    live.close()
  })

  it('reconnects after a drop with backoff, sending Last-Event-ID, and misses nothing', async () => {
    vi.useFakeTimers()
    const { connections, events, statuses, open } = setup()
    const live = openLiveEvents({
      open,
      onEvent: (e) => events.push(e),
      onStatus: (s) => statuses.push(s),
      backoff: { initialMs: 1_000, maxMs: 8_000 },
      random: () => 1,
    })
    await flush()
    expect(connections[0]?.headers).toEqual({})
    connections[0]?.stream.send('id: 41\nevent: mensaje\ndata: {}\n\n')
    await flush()
    connections[0]?.stream.drop()
    await flush()
    expect(statuses.at(-1)).toBe('down')

    await vi.advanceTimersByTimeAsync(999)
    expect(open).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(open).toHaveBeenCalledTimes(2)
    expect(connections[1]?.headers).toEqual({ 'Last-Event-ID': '41' })
    expect(statuses.at(-1)).toBe('live')
    connections[1]?.stream.send('id: 42\nevent: mensaje\ndata: {}\n\n')
    await flush()
    expect(events.map((e) => e.id)).toEqual(['41', '42'])
    live.close()
  })

  it('backs off further while the server stays unreachable, and starts over once connected', async () => {
    vi.useFakeTimers()
    let failures = 3
    const opened: number[] = []
    const open = vi.fn(() => {
      opened.push(Date.now())
      if (failures > 0) {
        failures -= 1
        return Promise.reject(new TypeError('offline'))
      }
      return Promise.resolve(controllableStream().stream)
    })
    const start = Date.now()
    const live = openLiveEvents({
      open,
      onEvent: () => undefined,
      backoff: { initialMs: 1_000, maxMs: 3_000 },
      random: () => 1,
    })
    await vi.advanceTimersByTimeAsync(10_000)
    // Waits of 1 s, 2 s, then capped at 3 s.
    expect(opened.map((t) => t - start)).toEqual([0, 1_000, 3_000, 6_000])
    live.close()
  })

  it('stops for good on a lost session and when closed', async () => {
    vi.useFakeTimers()
    const statuses: LiveStatus[] = []
    const open = vi.fn(() => Promise.reject(new UnauthorizedError(null)))
    openLiveEvents({ open, onEvent: () => undefined, onStatus: (s) => statuses.push(s) })
    await vi.advanceTimersByTimeAsync(120_000)
    expect(open).toHaveBeenCalledTimes(1)
    expect(statuses).toEqual(['connecting', 'closed'])

    const other = setup()
    const live = openLiveEvents({ open: other.open, onEvent: () => undefined })
    await flush()
    live.close()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(other.open).toHaveBeenCalledTimes(1)
  })

  it('spreads the jittered delay over the whole window, from a tenth of the first delay to the ceiling', () => {
    const backoff = { initialMs: 1_000, maxMs: 30_000 }
    expect(backoffDelay(0, backoff, 0)).toBe(100)
    expect(backoffDelay(0, backoff, 0.5)).toBe(550)
    expect(backoffDelay(0, backoff, 1)).toBe(1_000)
    expect(backoffDelay(10, backoff, 0)).toBe(100)
    expect(backoffDelay(10, backoff, 1)).toBe(30_000)
  })

  it('never lets two readers evict each other in a loop: an evicted one waits to be released', async () => {
    vi.useFakeTimers()
    // A server holding one stream: each new connection ends the previous one with `cierre`.
    const opens: string[] = []
    let current: { name: string; stream: ReturnType<typeof controllableStream> } | undefined
    const releases = new Map<string, () => void>()
    const reader = (name: string) =>
      openLiveEvents({
        open: () => {
          opens.push(name)
          current?.stream.send('event: cierre\ndata: {"motivo":"limite"}\n\n')
          current?.stream.drop()
          current = { name, stream: controllableStream() }
          return Promise.resolve(current.stream.stream)
        },
        onEvent: () => undefined,
        holdAfter: (event) => event.event === 'cierre',
        release: () =>
          new Promise<void>((resolve) => {
            releases.set(name, resolve)
          }),
        backoff: { initialMs: 1_000, maxMs: 8_000 },
        random: () => 0,
      })
    const first = reader('primera')
    await flush()
    const second = reader('segunda')
    await flush()
    // However long the first tab stays hidden, it does not come back by itself.
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(opens).toEqual(['primera', 'segunda'])

    // Shown again, it reconnects at once; now the second waits in its turn.
    releases.get('primera')?.()
    await flush()
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(opens).toEqual(['primera', 'segunda', 'primera'])
    first.close()
    second.close()
  })
})
