/**
 * Live events on this instance: the hub that feeds the open streams, how it hears of new events
 * (in process on SQLite; PostgreSQL LISTEN/NOTIFY across instances, with a slow poll as a safety
 * net), heartbeats, presence, and the end of streams whose session ends.
 */
import type { AppDatabase } from '../database/schema.js'
import { isPostgres } from '../database/engine.js'
import type { AccountRepository } from '../repositories/accounts.js'
import { createEventHub, type EventHubDeps, type LiveStream } from './event-hub.js'
import { listenForEvents } from './pg-notifications.js'
import type { Presence } from './presence.js'
import { may } from '../../src/contract/permissions.js'

/** Comment lines keep proxies from closing an idle stream, and show the client it is alive. */
export const DEFAULT_HEARTBEAT_MS = 15_000
/** Without a notification channel, how often every followed log is read. */
const POLL_WITHOUT_CHANNEL_MS = 1_000
/** Bytes a stream may have waiting to be sent before it is ended as too slow. */
const MAX_BUFFERED_BYTES = 512 * 1024
const MAX_TIMER_MS = 2 ** 31 - 1

export interface LiveEventsOptions extends Omit<EventHubDeps, 'onError'> {
  db: AppDatabase
  databaseUrl: string | undefined
  accounts: Pick<AccountRepository, 'findStanding'>
  presence: Presence
  now: () => number
  heartbeatMs: number
  onError: (error: unknown) => void
}

/** What an open stream needs besides the hub's part. */
export interface OpenStream extends LiveStream {
  /** The presence connection of a professional's queue stream. */
  conexion: string | undefined
  expiry: NodeJS.Timeout | undefined
  closed: boolean
}

/** A response that can take SSE text (Node's `ServerResponse`). */
export interface StreamTarget {
  write(text: string): boolean
  end(): void
  readonly writableLength: number
  readonly destroyed: boolean
  readonly writableEnded: boolean
}

export type LiveEvents = ReturnType<typeof createLiveEvents>

// A function, so the type checker does not assume the flag kept its value across an await.
const isClosed = (stream: OpenStream) => stream.closed

export function createLiveEvents(options: LiveEventsOptions) {
  const { now, presence, onError } = options
  const hub = createEventHub(options)
  const open = new Set<OpenStream>()

  const channel =
    isPostgres(options.db) && options.databaseUrl !== undefined
      ? listenForEvents({
          url: options.databaseUrl,
          onEvent: (tenant, id) => {
            hub.wake(tenant, id)
          },
          onListening: () => {
            hub.wakeAll()
          },
          onError,
        })
      : undefined
  const pollMs = isPostgres(options.db) && !channel ? POLL_WITHOUT_CHANNEL_MS : undefined
  const poll =
    pollMs === undefined
      ? undefined
      : setInterval(() => {
          hub.wakeAll()
        }, pollMs)
  poll?.unref()

  async function beat() {
    for (const stream of open) stream.write(': \n\n')
    hub.wakeAll()
    await presence.heartbeat()
    // A disabled account (or hospital) loses its streams as it loses every other request.
    const users = new Set([...open].map((stream) => stream.viewer.id))
    for (const id of users) {
      const standing = await options.accounts.findStanding(id)
      if (standing?.isActive) continue
      for (const stream of open) if (stream.viewer.id === id) stream.end()
    }
  }
  const heartbeat = setInterval(() => {
    beat().catch(onError)
  }, options.heartbeatMs)
  heartbeat.unref()

  async function close(stream: OpenStream) {
    if (stream.closed) return
    stream.closed = true
    open.delete(stream)
    hub.unsubscribe(stream)
    if (stream.expiry) clearTimeout(stream.expiry)
    if (stream.conexion !== undefined) {
      await presence.leave(stream.conexion, stream.viewer.id, stream.viewer.tenant)
    }
  }

  return {
    /** Called after a local commit that appended events for `tenant`. */
    published(tenant: string) {
      hub.wake(tenant)
    },

    /**
     * Starts a stream for `viewer` on `target` until the session expires (`expiresAtMs`), the
     * account is disabled, the client leaves, or the instance stops.
     */
    async open(
      target: StreamTarget,
      viewer: OpenStream['viewer'],
      {
        expiresAtMs,
        queue,
        lastEventId,
      }: {
        expiresAtMs: number
        queue: boolean
        lastEventId: number | 'invalid' | undefined
      },
    ): Promise<OpenStream> {
      const stream: OpenStream = {
        viewer,
        showsPresence: !queue,
        cursor: 0,
        chain: Promise.resolve(),
        conexion: undefined,
        expiry: undefined,
        closed: false,
        write(text) {
          if (stream.closed || target.destroyed || target.writableEnded) return false
          target.write(text)
          if (target.writableLength > MAX_BUFFERED_BYTES) {
            stream.end()
            return false
          }
          return true
        },
        end() {
          if (!target.writableEnded) target.end()
          void close(stream).catch(onError)
        },
      }
      open.add(stream)
      stream.expiry = setTimeout(
        () => {
          stream.end()
        },
        Math.min(Math.max(0, expiresAtMs - now()), MAX_TIMER_MS),
      )
      stream.expiry.unref()
      await hub.subscribe(stream, lastEventId)
      if (queue && may(viewer, 'atender') && !stream.closed) {
        stream.conexion = await presence.join(viewer.id, viewer.tenant)
        // The client may have left while presence was being recorded (its close found no
        // connection to leave yet).
        if (isClosed(stream)) await presence.leave(stream.conexion, viewer.id, viewer.tenant)
      }
      return stream
    },

    /** The client went away. */
    close,

    /** Open streams on this instance. */
    count: () => open.size,

    /** Ends every stream (the instance is stopping) and stops listening. */
    async stop() {
      clearInterval(heartbeat)
      if (poll) clearInterval(poll)
      for (const stream of [...open]) stream.end()
      await Promise.all([...open].map((stream) => close(stream)))
      await channel?.close()
    },
  }
}
