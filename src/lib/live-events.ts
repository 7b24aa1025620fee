/**
 * A Server-Sent Events reader that stays connected by itself: it reads the stream the API client
 * opens (so the token header and the 401 reaction apply), parses it with `eventsource-parser`,
 * remembers the last event id and sends it back as `Last-Event-ID` when it reconnects, so nothing
 * written meanwhile is missed. A dropped connection is retried with exponential backoff and jitter;
 * a lost session (401) ends it for good. A stream the server ended to make room for newer ones
 * (`holdAfter`) is not retried until `release` says so, so two readers never take turns evicting
 * each other.
 */
import { createParser } from 'eventsource-parser'
import { UnauthorizedError } from './api-errors'

export interface LiveEvent {
  /** The event's position in the server's log (`id:`), or null when the server gave none. */
  id: string | null
  /** `event:`; `message` when absent. */
  event: string
  data: string
}

/** `connecting` before the first answer; `live` while a stream is open; `down` between attempts. */
export type LiveStatus = 'connecting' | 'live' | 'down' | 'closed'

export interface BackoffOptions {
  initialMs: number
  maxMs: number
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000 }

export interface LiveEventsOptions {
  /** Opens the stream; `headers` carries `Last-Event-ID` once an event has been received. */
  open: (
    headers: Record<string, string>,
    signal: AbortSignal,
  ) => Promise<ReadableStream<Uint8Array>>
  onEvent: (event: LiveEvent) => void
  onStatus?: (status: LiveStatus) => void
  /** Resume from this id on the first connection too. */
  lastEventId?: string | null
  backoff?: BackoffOptions
  /** 0 to 1; `Math.random` outside tests. */
  random?: () => number
  /** An event after which the server ends the stream and it must not be retried at once. */
  holdAfter?: (event: LiveEvent) => boolean
  /** After such an event: resolves when connecting again makes sense (aborted on close). */
  release?: (signal: AbortSignal) => Promise<void>
}

export interface LiveEventsConnection {
  /** The id of the last event received, sent as `Last-Event-ID` on the next connection. */
  lastEventId: () => string | null
  close: () => void
}

/**
 * Delay before reconnection attempt `attempt` (0-based): a ceiling doubling up to the cap, and
 * full jitter under it (from a tenth of the first delay up to the ceiling). When a deploy drops
 * every stream at once, the clients come back spread over the whole window instead of its
 * upper half, so the server sees half the reconnections per second.
 */
export function backoffDelay(attempt: number, backoff: BackoffOptions, random: number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt)
  const floor = Math.min(ceiling, backoff.initialMs / 10)
  return Math.round(floor + (ceiling - floor) * random)
}

export function openLiveEvents(options: LiveEventsOptions): LiveEventsConnection {
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  const random = options.random ?? Math.random
  const stop = new AbortController()
  let lastEventId = options.lastEventId ?? null
  let attempt = 0
  let isHeld = false
  let status: LiveStatus | null = null

  const report = (next: LiveStatus) => {
    if (next === status) return
    status = next
    options.onStatus?.(next)
  }

  const wait = (milliseconds: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, milliseconds)
      stop.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer)
          resolve()
        },
        { once: true },
      )
    })

  async function readOnce(): Promise<void> {
    const headers: Record<string, string> =
      lastEventId === null ? {} : { 'Last-Event-ID': lastEventId }
    const body = await options.open(headers, stop.signal)
    report('live')
    attempt = 0
    const parser = createParser({
      onEvent: (message) => {
        if (message.id !== undefined) lastEventId = message.id
        const event = {
          id: message.id ?? null,
          event: message.event ?? 'message',
          data: message.data,
        }
        if (options.holdAfter?.(event) === true) isHeld = true
        options.onEvent(event)
      },
    })
    const reader = body.getReader()
    const decoder = new TextDecoder()
    const onAbort = () => {
      reader.cancel().catch(() => undefined)
    }
    stop.signal.addEventListener('abort', onAbort, { once: true })
    try {
      for (;;) {
        const chunk = await reader.read()
        if (chunk.done) return
        parser.feed(decoder.decode(chunk.value, { stream: true }))
      }
    } finally {
      stop.signal.removeEventListener('abort', onAbort)
    }
  }

  async function run() {
    report('connecting')
    // A function, not the property: the signal changes while this loop awaits.
    const isStopped = () => stop.signal.aborted
    while (!isStopped()) {
      try {
        await readOnce()
      } catch (error) {
        // The session is gone: the API client has already run the app's reaction.
        if (error instanceof UnauthorizedError) break
      }
      if (isStopped()) break
      report('down')
      if (isHeld && options.release) {
        isHeld = false
        attempt = 0
        await options.release(stop.signal)
        continue
      }
      await wait(backoffDelay(attempt, backoff, random()))
      attempt += 1
    }
    report('closed')
  }

  // Started after this function returns: callbacks may then read the connection it returns.
  queueMicrotask(() => void run())

  return {
    lastEventId: () => lastEventId,
    close: () => {
      stop.abort()
    },
  }
}
