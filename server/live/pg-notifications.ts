import { openListenConnection, type ListenConnection } from '../database/open.js'
import { EVENT_CHANNEL } from '../database/engine.js'
import { parseSessionEnd, SESSION_END_CHANNEL, type SessionEnd } from '../database/session-ends.js'

export interface EventNotificationsOptions {
  url: string
  /** A hospital's log grew to `id` (on this or any other instance). */
  onEvent: (tenant: string, id: number) => void
  /** Sessions ended (on this or any other instance). */
  onSessionsEnded: (ended: SessionEnd) => void
  /** (Re)connected: anything written while the channel was down must be read now. */
  onListening: () => void
  onError: (error: unknown) => void
}

const RETRY_MIN_MS = 250
const RETRY_MAX_MS = 10_000

/**
 * One dedicated PostgreSQL connection per instance that LISTENs for new live events and for
 * ended sessions. A dropped
 * connection is reopened with backoff and LISTENs again; its errors are reported, never thrown
 * (an `error` event without a listener would end the process).
 */
export function listenForEvents(options: EventNotificationsOptions): { close(): Promise<void> } {
  let client: ListenConnection | undefined
  let closed = false
  let delay = RETRY_MIN_MS
  let retryTimer: NodeJS.Timeout | undefined

  const scheduleReconnect = () => {
    if (closed || retryTimer !== undefined) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void connect()
    }, delay)
    retryTimer.unref()
    delay = Math.min(delay * 2, RETRY_MAX_MS)
  }

  async function connect() {
    const current = openListenConnection(options.url)
    client = current
    let dropped = false
    const drop = (error?: unknown) => {
      if (error !== undefined) options.onError(error)
      if (dropped) return
      dropped = true
      current.removeAllListeners('notification')
      void current.end().catch(() => undefined)
      scheduleReconnect()
    }
    current.on('error', drop)
    current.on('end', () => {
      drop()
    })
    current.on('notification', (message) => {
      if (message.payload === undefined) return
      try {
        if (message.channel === SESSION_END_CHANNEL) {
          const ended = parseSessionEnd(message.payload)
          if (ended) options.onSessionsEnded(ended)
          return
        }
        if (message.channel !== EVENT_CHANNEL) return
        const { tenant, id } = JSON.parse(message.payload) as { tenant: unknown; id: unknown }
        if (typeof tenant === 'string' && typeof id === 'number') options.onEvent(tenant, id)
      } catch (error) {
        options.onError(error)
      }
    })
    try {
      await current.connect()
      await current.query(`LISTEN ${EVENT_CHANNEL}`)
      await current.query(`LISTEN ${SESSION_END_CHANNEL}`)
      if (closed) {
        await current.end()
        return
      }
      delay = RETRY_MIN_MS
      options.onListening()
    } catch (error) {
      drop(error)
    }
  }

  void connect()
  return {
    async close() {
      closed = true
      if (retryTimer !== undefined) clearTimeout(retryTimer)
      const current = client
      client = undefined
      current?.removeAllListeners('end')
      await current?.end().catch(() => undefined)
    },
  }
}
