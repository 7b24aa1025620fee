import { Agent, request as httpRequest, type IncomingMessage } from 'node:http'
import { createParser, type EventSourceMessage } from 'eventsource-parser'

/** A live event stream read as the app reads it, with the session header. */
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

/**
 * Opens `/api/eventos` over a connection of the stream's own, which `close()` ends at once, as a
 * closed tab does. (A `fetch` aborted mid-stream leaves its kept-alive connection open for
 * seconds, and the app under test then waits that long to close.)
 */
export async function openEventStream(
  baseUrl: string,
  token: string,
  { lastEventId, cola = false }: { lastEventId?: string; cola?: boolean } = {},
): Promise<TestEventStream> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const request = httpRequest(new URL(`/api/eventos${cola ? '?cola=1' : ''}`, baseUrl), {
    agent,
    headers: {
      'x-authorization': `Bearer ${token}`,
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
  })
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve)
    // Also later: a connection the server resets ends the stream (below), it throws nothing.
    request.on('error', reject)
    request.end()
  })
  const events: EventSourceMessage[] = []
  const waiters = new Set<() => void>()
  const parser = createParser({
    onEvent: (event) => {
      events.push(event)
      for (const wake of waiters) wake()
    },
  })
  response.setEncoding('utf8')
  response.on('data', (text: string) => {
    parser.feed(text)
  })
  // Ends with the response, or with the connection when either side closes it.
  const ended = new Promise<void>((resolve) => {
    response.once('end', resolve)
    response.once('close', resolve)
    response.once('error', () => {
      resolve()
    })
  })
  const headers = new Headers()
  for (const [name, value] of Object.entries(response.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item)
  }

  return {
    status: response.statusCode ?? 0,
    headers,
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
      request.destroy()
      agent.destroy()
    },
  }
}
