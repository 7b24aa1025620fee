/**
 * The one live stream of the signed-in user in this tab (`GET /api/eventos`), owned by the page's
 * cache (`careLiveOf`) and shared by every care screen that listens. It opens with the first
 * listener and closes with the last; a screen that
 * marks the professional available (the queue) asks for `?cola=1`, which reopens the same stream
 * from where it was (`Last-Event-ID`). Events are checked against the contract; a fresh start (no
 * id to resume from) and the server's `reinicio` both read again every care query shown.
 * A stream the server closed to make room for the session's newer ones (`cierre` for `limite`)
 * reconnects only when this tab is in use again (shown or focused): a hidden tab never takes
 * its place back from the one being used.
 */
import type { QueryClient } from '@tanstack/react-query'
import { API_PATHS } from '../../../config/api-paths'
import { Llamada, SenalRecibida } from '../../../contract/calls'
import {
  Asistencia,
  EVENTOS,
  Mensaje,
  PresenciaCambios,
  type Presencia,
} from '../../../contract/care'
import { isAnswer } from '../../../lib/answer-shape'
import { api } from '../../../lib/api'
import { UnauthorizedError } from '../../../lib/api-errors'
import {
  openLiveEvents,
  type LiveEvent,
  type LiveEventsConnection,
  type LiveStatus,
} from '../../../lib/live-events'
import { readValue } from '../../../lib/storage'
import { writeCareEvent } from './live-cache'

export type CareEvent =
  | { tipo: 'asistencia'; asistencia: Asistencia }
  | { tipo: 'mensaje'; mensaje: Mensaje }
  | { tipo: 'presencia'; cambios: Presencia[] }
  | { tipo: 'llamada'; llamada: Llamada }
  | { tipo: 'senal'; senal: SenalRecibida }
  | { tipo: 'reinicio' }

/** The care event an SSE event carries, or null when it is unknown or malformed. */
export function toCareEvent(event: LiveEvent): CareEvent | null {
  if (event.event === EVENTOS.reinicio) return { tipo: 'reinicio' }
  let data: unknown
  try {
    data = JSON.parse(event.data)
  } catch {
    return null
  }
  if (event.event === EVENTOS.asistencia && isAnswer(Asistencia, data)) {
    return { tipo: 'asistencia', asistencia: data }
  }
  if (event.event === EVENTOS.mensaje && isAnswer(Mensaje, data)) {
    return { tipo: 'mensaje', mensaje: data }
  }
  if (event.event === EVENTOS.presencia && isAnswer(PresenciaCambios, data)) {
    return { tipo: 'presencia', cambios: data.cambios }
  }
  if (event.event === EVENTOS.llamada && isAnswer(Llamada, data)) {
    return { tipo: 'llamada', llamada: data }
  }
  if (event.event === EVENTOS.senal && isAnswer(SenalRecibida, data)) {
    return { tipo: 'senal', senal: data }
  }
  return null
}

interface Subscriber {
  onEvent: (event: CareEvent) => void
  cola: boolean
}

/** The user's live stream in this tab, as the screens and the cache listen to it. */
export interface CareLive {
  /** Listens to the user's live events until the returned function is called. */
  subscribe: (onEvent: (event: CareEvent) => void, options?: { cola?: boolean }) => () => void
  subscribeToStatus: (listener: () => void) => () => void
  readStatus: () => LiveStatus
}

/** The server closed the stream for newer ones of the same session or account. */
export function isEvictedForNewer(event: LiveEvent): boolean {
  if (event.event !== EVENTOS.cierre) return false
  try {
    return (JSON.parse(event.data) as { motivo?: unknown }).motivo === 'limite'
  } catch {
    return false
  }
}

/** Resolves when the person comes back to this tab: it is shown again or gets the focus. */
export function waitUntilInUse(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('focus', done)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') done()
    }
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('focus', done)
    signal.addEventListener('abort', done)
  })
}

/**
 * The live stream owned by `client` (the page's cache): each event is written into the cache
 * (`live-cache.ts`) before any screen hears it.
 */
function createCareLive(client: QueryClient): CareLive {
  const subscribers = new Set<Subscriber>()
  const statusListeners = new Set<() => void>()
  let connection: LiveEventsConnection | null = null
  let connectedWithCola = false
  let lastEventId: string | null = null
  let lastToken: string | null = null
  let status: LiveStatus = 'closed'
  let delivery: Promise<void> = Promise.resolve()

  function setStatus(next: LiveStatus) {
    status = next
    for (const listener of statusListeners) listener()
  }

  function dispatch(event: CareEvent) {
    // Signed out meanwhile (another tab): screens on their way out must not reload for nobody.
    if (readValue('token') === null) return
    writeCareEvent(client, event)
    for (const subscriber of [...subscribers]) subscriber.onEvent(event)
  }

  function connect() {
    const token = readValue('token')
    // Signed out (here or in another tab): there is no one to listen for, and a stream opened
    // without a token would only meet a 401 that reads as an expired session.
    if (token === null) {
      setStatus('closed')
      return
    }
    // Another account in this tab: its events are not the previous one's continuation.
    if (token !== lastToken) lastEventId = null
    lastToken = token
    connectedWithCola = [...subscribers].some((subscriber) => subscriber.cola)
    const path = connectedWithCola ? `${API_PATHS.eventos}?cola=1` : API_PATHS.eventos
    const resumesFrom = lastEventId
    let isFirstOpen = true
    const current = openLiveEvents({
      lastEventId: resumesFrom,
      // Signed out on this device since (a guest's session ends with its consultation): the
      // stream ends here, rather than reconnecting to a 401 that reads as an expired session.
      open: (headers, signal) =>
        readValue('token') === null
          ? Promise.reject(new UnauthorizedError(null))
          : api.stream(path, { headers, signal }),
      holdAfter: isEvictedForNewer,
      release: waitUntilInUse,
      onEvent: (event) => {
        lastEventId = current.lastEventId()
        // Chained behind any pending start (`reinicio`), so events reach the screens in order.
        delivery = delivery.then(() => {
          const careEvent = toCareEvent(event)
          if (careEvent) dispatch(careEvent)
        })
      },
      onStatus: (next) => {
        if (connection !== current) return
        setStatus(next)
        // Nothing to resume from: what happened before this stream opened is read afresh.
        if (next === 'live' && isFirstOpen && resumesFrom === null) {
          delivery = delivery.then(() => {
            dispatch({ tipo: 'reinicio' })
          })
        }
        if (next === 'live') isFirstOpen = false
      },
    })
    connection = current
  }

  function reconcile() {
    const wantsCola = [...subscribers].some((subscriber) => subscriber.cola)
    if (subscribers.size === 0) {
      connection?.close()
      connection = null
      setStatus('closed')
      return
    }
    if (connection && wantsCola === connectedWithCola) return
    connection?.close()
    connection = null
    connect()
  }

  return {
    subscribe: (onEvent, { cola = false } = {}) => {
      const subscriber: Subscriber = { onEvent, cola }
      subscribers.add(subscriber)
      reconcile()
      return () => {
        subscribers.delete(subscriber)
        // A screen replacing another subscribes right after: keep the stream through the switch.
        queueMicrotask(reconcile)
      }
    },
    subscribeToStatus: (listener) => {
      statusListeners.add(listener)
      return () => statusListeners.delete(listener)
    },
    readStatus: () => status,
  }
}

const lives = new WeakMap<QueryClient, CareLive>()

/** The one live stream of `client`, the cache given by context; opened with its first listener. */
export function careLiveOf(client: QueryClient): CareLive {
  let live = lives.get(client)
  if (!live) {
    live = createCareLive(client)
    lives.set(client, live)
  }
  return live
}
