import { createParser, type EventSourceMessage } from 'eventsource-parser'

/** A live event stream read as the app reads it: `fetch` with the session header. */
export interface TestEventStream {
  status: number
  headers: Headers
  events: EventSourceMessage[]
  /** The first event (from `from` on) matching `predicate`, waiting up to `timeoutMs`. */
  next(
    predicate: (event: EventSourceMessage) => boolean,
    options?: { timeoutMs?: number; from?: number },
  ): Promise<EventSourceMessage>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): void
}

export async function openEventStream(
  baseUrl: string,
  token: string,
  { lastEventId, cola = false }: { lastEventId?: string; cola?: boolean } = {},
): Promise<TestEventStream> {
  const controller = new AbortController()
  const response = await fetch(`${baseUrl}/api/eventos${cola ? '?cola=1' : ''}`, {
    headers: {
      'x-authorization': `Bearer ${token}`,
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
    signal: controller.signal,
  })
  const events: EventSourceMessage[] = []
  const waiters = new Set<() => void>()
  const parser = createParser({
    onEvent: (event) => {
      events.push(event)
      for (const wake of waiters) wake()
    },
  })
  const ended = (async () => {
    if (!response.body) return
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        parser.feed(decoder.decode(value, { stream: true }))
      }
    } catch {
      // Aborted by the test.
    }
  })()

  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    next(predicate, { timeoutMs = 5000, from = 0 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(predicate)
          if (!found) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(
            new Error(
              `No matching event within ${String(timeoutMs)} ms; got ${JSON.stringify(events)}`,
            ),
          )
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    close() {
      controller.abort()
    },
  }
}
