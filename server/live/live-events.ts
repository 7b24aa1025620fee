/**
 * Live events on this instance: the hub that feeds the open streams, how it hears of new events
 * (in process on SQLite; PostgreSQL LISTEN/NOTIFY across instances, with a slow poll as a safety
 * net), heartbeats, presence, and the end of streams whose session ends: at once when any
 * instance ends sessions (see `SessionEnds`), and at every heartbeat as a safety net, each time
 * through the request's own session check.
 */
import {
  EVENTOS,
  STREAMS_PER_ACCOUNT,
  STREAMS_PER_SESSION,
  type MotivoCierre,
} from '../../src/contract/care.js'
import { judgeSession } from '../auth/authenticate.js'
import type { SessionEnd, SessionEnds } from '../database/session-ends.js'
import type { TokenClaims } from '../auth/tokens.js'
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
/** Accounts whose open streams' sessions are read in one query. */
const SESSION_CHECK_BATCH = 500

export interface LiveEventsOptions extends Omit<EventHubDeps, 'onError'> {
  db: AppDatabase
  databaseUrl: string | undefined
  accounts: Pick<AccountRepository, 'findStandings'>
  sessionEnds: Pick<SessionEnds, 'subscribe' | 'received'>
  presence: Presence
  now: () => number
  heartbeatMs: number
  /** Live streams this instance holds at most, and one client address at most. */
  limits: { perInstance: number; perAddress: number }
  onError: (error: unknown) => void
}

/** A place held for a stream while its session is checked; {@link LiveEvents.open} takes it. */
export interface StreamPlace {
  release(): void
}

/** A held place, or why a new stream may not open: the instance's cap, or its address's. */
export type Admission = StreamPlace | 'full' | 'address'

/** What an open stream needs besides the hub's part. */
export interface OpenStream extends LiveStream {
  /** The presence connection of a professional's queue stream. */
  conexion: string | undefined
  expiry: NodeJS.Timeout | undefined
  closed: boolean
  /** The session's token, as verified when the stream opened. */
  claims: TokenClaims
  /** The token itself: streams of one session share it. */
  session: string
  /** The client's address. */
  address: string
  /** Tells the client why the server ends the stream, then ends it. */
  finish(motivo: MotivoCierre): void
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

/** The streams a session end concerns. */
function isConcerned(stream: OpenStream, ended: SessionEnd): boolean {
  return 'tenant' in ended
    ? stream.viewer.tenant === ended.tenant
    : ended.cuentas.includes(stream.viewer.id)
}

export function createLiveEvents(options: LiveEventsOptions) {
  const { now, presence, onError } = options
  const hub = createEventHub(options)
  // In the order they opened: the first of a session's or account's is its oldest.
  const open = new Set<OpenStream>()
  // The same streams by account, also in the order they opened: the caps look at one account's
  // streams, never at the instance's thousands (a reconnect storm would cost their square).
  const byAccount = new Map<number, Set<OpenStream>>()
  const perAddress = new Map<string, number>()
  /** Places held by streams whose session is being checked: they count against the caps. */
  let held = 0
  const leaveAddress = (address: string) => {
    const count = (perAddress.get(address) ?? 1) - 1
    if (count === 0) perAddress.delete(address)
    else perAddress.set(address, count)
  }

  /** Past a session's or an account's cap, its oldest streams give way to the new one. */
  function evictOldest(stream: OpenStream) {
    const ofThisAccount = byAccount.get(stream.viewer.id)
    if (!ofThisAccount) return
    let ofSession = 0
    let ofAccount = 0
    for (const other of ofThisAccount) {
      ofAccount += 1
      if (other.session === stream.session) ofSession += 1
    }
    for (const other of [...ofThisAccount]) {
      if (other === stream) continue
      if (ofSession <= STREAMS_PER_SESSION && ofAccount <= STREAMS_PER_ACCOUNT) break
      const isSameSession = other.session === stream.session
      if (ofSession > STREAMS_PER_SESSION && !isSameSession && ofAccount <= STREAMS_PER_ACCOUNT) {
        continue
      }
      other.finish('limite')
      ofAccount -= 1
      if (isSameSession) ofSession -= 1
    }
  }

  const channel =
    isPostgres(options.db) && options.databaseUrl !== undefined
      ? listenForEvents({
          url: options.databaseUrl,
          onEvent: (tenant, id) => {
            hub.wake(tenant, id)
          },
          onListening: () => {
            hub.wakeAll()
            // Sessions may have ended while the channel was down.
            checkSessions(() => true).catch(onError)
          },
          onSessionsEnded: (ended) => {
            options.sessionEnds.received(ended)
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

  /**
   * Runs the request's session check for the open streams `which` picks (one query for up to
   * {@link SESSION_CHECK_BATCH} accounts: every heartbeat checks every stream of the instance)
   * and ends, telling the client, those whose session is over.
   */
  async function checkSessions(which: (stream: OpenStream) => boolean) {
    const byAccount = new Map<number, OpenStream[]>()
    for (const stream of open) {
      if (!which(stream)) continue
      const ofAccount = byAccount.get(stream.viewer.id)
      if (ofAccount) ofAccount.push(stream)
      else byAccount.set(stream.viewer.id, [stream])
    }
    const ids = [...byAccount.keys()]
    for (let start = 0; start < ids.length; start += SESSION_CHECK_BATCH) {
      const batch = ids.slice(start, start + SESSION_CHECK_BATCH)
      const standings = await options.accounts.findStandings(batch)
      for (const id of batch) {
        const standing = standings.get(id)
        // A guest's session ends with its consultation, in the transaction that wrote the event
        // saying so: that event (the way to the thanks screen) is delivered first. Any other
        // end stops delivery at once.
        const isGuestDone = standing?.isGuest === true && standing.isGuestSessionOver
        for (const stream of byAccount.get(id) ?? []) {
          if (judgeSession(stream.claims, standing) === undefined) continue
          if (!isGuestDone) {
            stream.finish('sesion')
            continue
          }
          void hub.flush(stream).then(() => {
            stream.finish('sesion')
          })
        }
      }
    }
  }
  const unsubscribeSessionEnds = options.sessionEnds.subscribe((ended) => {
    checkSessions((stream) => isConcerned(stream, ended)).catch(onError)
    // Calls that ended with those sessions were logged in the same transaction. On PostgreSQL
    // the log's own notification wakes every instance at commit; SQLite's one instance reads
    // its log now (behind the transaction, on its one connection).
    if (!isPostgres(options.db)) {
      if ('tenant' in ended) hub.wake(ended.tenant)
      else hub.wakeAll()
    }
  })

  async function beat() {
    for (const stream of open) stream.write(': \n\n')
    hub.wakeAll()
    await presence.heartbeat()
    await checkSessions(() => true)
  }
  const heartbeat = setInterval(() => {
    beat().catch(onError)
  }, options.heartbeatMs)
  heartbeat.unref()

  async function close(stream: OpenStream) {
    if (stream.closed) return
    stream.closed = true
    open.delete(stream)
    const ofThisAccount = byAccount.get(stream.viewer.id)
    ofThisAccount?.delete(stream)
    if (ofThisAccount?.size === 0) byAccount.delete(stream.viewer.id)
    leaveAddress(stream.address)
    hub.unsubscribe(stream)
    if (stream.expiry) clearTimeout(stream.expiry)
    if (stream.conexion !== undefined) {
      await presence.leave(stream.conexion, stream.viewer.id, stream.viewer.tenant)
    }
  }

  return {
    /**
     * Holds a place for a stream from `address` before its session is checked, so a flood
     * arriving at once is shed before any database work. Release it if the stream does not open.
     */
    admit(address: string): Admission {
      if (open.size + held >= options.limits.perInstance) return 'full'
      if ((perAddress.get(address) ?? 0) >= options.limits.perAddress) return 'address'
      held += 1
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
      let isHeld = true
      return {
        release() {
          if (!isHeld) return
          isHeld = false
          held -= 1
          leaveAddress(address)
        },
      }
    },

    /** Called after a local commit that appended events for `tenant`. */
    published(tenant: string) {
      hub.wake(tenant)
    },

    /**
     * Starts a stream for `viewer` on `target` until its session (`claims`) ends or expires, the
     * client leaves, or the instance stops.
     */
    async open(
      target: StreamTarget,
      viewer: OpenStream['viewer'],
      {
        place,
        claims,
        session,
        address,
        queue,
        lastEventId,
      }: {
        /** The place {@link admit} held for it. */
        place: StreamPlace
        claims: TokenClaims
        session: string
        address: string
        queue: boolean
        lastEventId: number | 'invalid' | undefined
      },
    ): Promise<OpenStream> {
      const stream: OpenStream = {
        viewer,
        showsPresence: !queue,
        claims,
        session,
        address,
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
        finish(motivo) {
          // No `id:` line: the client's place in the log stays where it was.
          stream.write(`event: ${EVENTOS.cierre}\ndata: ${JSON.stringify({ motivo })}\n\n`)
          stream.end()
        },
      }
      // The held place becomes the open stream, with nothing awaited in between.
      place.release()
      open.add(stream)
      const ofThisAccount = byAccount.get(viewer.id) ?? new Set<OpenStream>()
      byAccount.set(viewer.id, ofThisAccount.add(stream))
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
      evictOldest(stream)
      stream.expiry = setTimeout(
        () => {
          stream.end()
        },
        Math.min(Math.max(0, claims.exp * 1000 - now()), MAX_TIMER_MS),
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
      unsubscribeSessionEnds()
      if (poll) clearInterval(poll)
      for (const stream of [...open]) stream.end()
      await Promise.all([...open].map((stream) => close(stream)))
      await presence.close()
      await channel?.close()
    },
  }
}
