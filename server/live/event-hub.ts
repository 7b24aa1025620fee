/**
 * Delivers a hospital's event log to the live streams open on this instance. The hub reads each
 * new stretch of the log once per hospital (woken by the local write, by PostgreSQL's NOTIFY from
 * any instance, or by a slow safety poll), loads the records the events refer to once, and hands
 * every stream the events its viewer may see, rendered for that viewer. Each stream keeps only
 * its cursor (the last id it was sent) and a promise chain that keeps its writes in order.
 */
import {
  EVENTOS,
  EVENTOS_REANUDACION_MAX,
  type Asistencia,
  type Presencia,
  type PresenciaCambios,
} from '../../src/contract/care.js'
import { isParticipant, mayFollow, mayReceiveMessages, type Viewer } from '../care/access.js'
import { renderSignal, toLlamada } from '../care/calls.js'
import { toMensaje } from '../care/records.js'
import type { AsistenciaRepository, AsistenciaView } from '../repositories/asistencias.js'
import type { EventoRepository, EventoRow } from '../repositories/eventos.js'
import type { LlamadaRepository, LlamadaRow } from '../repositories/llamadas.js'
import type { MensajeRepository, MensajeView } from '../repositories/mensajes.js'
import type { SenalRepository, SenalRow } from '../repositories/senales.js'

/** Events read from the log in one query. */
const PAGE = 500

/** One open stream: who it is for, how far it has got, and how to write to it. */
export interface LiveStream {
  viewer: Viewer
  /**
   * False for a professional's queue stream: the queue shows no one's availability, so it is
   * not sent presence (after a deploy S professionals reconnecting would otherwise cost S²
   * events). A screen that shows presence opens a stream without `?cola=1` and reads the
   * directory afresh when it does.
   */
  showsPresence: boolean
  /** Id of the last event sent (or skipped as not for this viewer). */
  cursor: number
  /** Writes SSE text; false when the stream is gone or hopelessly behind. */
  write(text: string): boolean
  /** Ends the stream (the client reconnects with its Last-Event-ID). */
  end(): void
  chain: Promise<void>
}

export interface EventHubDeps {
  eventos: EventoRepository
  asistencias: Pick<AsistenciaRepository, 'findViews'>
  mensajes: Pick<MensajeRepository, 'find'>
  llamadas: Pick<LlamadaRepository, 'findMany'>
  senales: Pick<SenalRepository, 'findMany'>
  /** A signal's age is judged against this clock when it is rendered (stale ones are dropped). */
  now: () => number
  /** The request as `viewer` sees it (with the waiting patient's place in the queue). */
  describe: (viewer: Viewer, view: AsistenciaView) => Promise<Asistencia>
  onError: (error: unknown) => void
}

interface TenantState {
  streams: Set<LiveStream>
  /** Last id the hub has read from this hospital's log. */
  cursor: number
  ready: Promise<void>
  reading: boolean
  readAgain: boolean
}

/** Records loaded once per stretch of the log, shared by every stream it is rendered for. */
interface Loaded {
  views: Map<string, AsistenciaView>
  messages: Map<string, MensajeView>
  calls: Map<string, LlamadaRow>
  signals: Map<string, SenalRow>
}

/**
 * A `presencia` row's changes as the event carries them: a batch (a list), or one change as
 * the log held them before presence was batched.
 */
export function presenceChanges(ref: string | null): PresenciaCambios {
  const stored = JSON.parse(ref ?? '[]') as Presencia | Presencia[]
  return { cambios: Array.isArray(stored) ? stored : [stored] }
}

export function formatEvent(id: number, tipo: string, data: unknown): string {
  return `id: ${String(id)}\nevent: ${tipo}\ndata: ${JSON.stringify(data)}\n\n`
}

export type EventHub = ReturnType<typeof createEventHub>

export function createEventHub(deps: EventHubDeps) {
  const tenants = new Map<string, TenantState>()

  async function load(rows: readonly EventoRow[]): Promise<Loaded> {
    const ids = [...new Set(rows.flatMap((row) => (row.asistencia_id ? [row.asistencia_id] : [])))]
    const refsOf = (tipo: string) =>
      rows.flatMap((row) => (row.tipo === tipo && row.ref !== null ? [row.ref] : []))
    const messageIds = refsOf(EVENTOS.mensaje)
    const signalIds = refsOf(EVENTOS.senal).map(Number)
    const [views, messages, signals] = await Promise.all([
      deps.asistencias.findViews(ids),
      Promise.all(messageIds.map((id) => deps.mensajes.find(id))),
      deps.senales.findMany(signalIds),
    ])
    const callIds = new Set([
      ...refsOf(EVENTOS.llamada),
      ...signals.map((signal) => signal.llamada_id),
    ])
    const calls = await deps.llamadas.findMany([...callIds])
    return {
      views: new Map(views.map((view) => [view.id, view])),
      messages: new Map(messages.flatMap((message) => (message ? [[message.id, message]] : []))),
      calls: new Map(calls.map((call) => [call.id, call])),
      signals: new Map(signals.map((signal) => [String(signal.id), signal])),
    }
  }

  /** The event's data for this viewer, or undefined when it is not theirs to see. */
  async function render(stream: LiveStream, row: EventoRow, loaded: Loaded): Promise<unknown> {
    const { viewer } = stream
    if (row.tenant !== viewer.tenant) return undefined
    if (row.tipo === EVENTOS.presencia) {
      return stream.showsPresence ? presenceChanges(row.ref) : undefined
    }
    const view = row.asistencia_id === null ? undefined : loaded.views.get(row.asistencia_id)
    if (!view) return undefined
    if (row.tipo === EVENTOS.asistencia) {
      return mayFollow(viewer, view) ? deps.describe(viewer, view) : undefined
    }
    if (row.tipo === EVENTOS.mensaje) {
      const message = row.ref === null ? undefined : loaded.messages.get(row.ref)
      return message && mayReceiveMessages(viewer, view) ? toMensaje(message) : undefined
    }
    if (row.tipo === EVENTOS.llamada) {
      const call = row.ref === null ? undefined : loaded.calls.get(row.ref)
      return call && isParticipant(viewer, view) ? toLlamada(call, view) : undefined
    }
    if (row.tipo === EVENTOS.senal) {
      const signal = row.ref === null ? undefined : loaded.signals.get(row.ref)
      if (!signal || !isParticipant(viewer, view)) return undefined
      return renderSignal(viewer, signal, loaded.calls.get(signal.llamada_id), view, deps.now())
    }
    return undefined
  }

  async function send(stream: LiveStream, rows: readonly EventoRow[], loaded: Loaded) {
    for (const row of rows) {
      if (row.id <= stream.cursor) continue
      const data = await render(stream, row, loaded)
      stream.cursor = row.id
      if (data !== undefined && !stream.write(formatEvent(row.id, row.tipo, data))) return
    }
  }

  function enqueue(stream: LiveStream, task: () => Promise<void>) {
    stream.chain = stream.chain.then(task).catch((error: unknown) => {
      deps.onError(error)
      stream.end()
    })
  }

  async function readNew(tenant: string, state: TenantState) {
    if (state.reading) {
      state.readAgain = true
      return
    }
    state.reading = true
    try {
      do {
        state.readAgain = false
        const rows = await deps.eventos.listAfter(tenant, state.cursor, PAGE)
        const last = rows.at(-1)
        if (!last) break
        state.cursor = last.id
        const loaded = await load(rows)
        for (const stream of state.streams) enqueue(stream, () => send(stream, rows, loaded))
        if (rows.length === PAGE) state.readAgain = true
      } while (state.readAgain)
    } finally {
      state.reading = false
    }
  }

  function stateOf(tenant: string): TenantState {
    let state = tenants.get(tenant)
    if (!state) {
      const created: TenantState = {
        streams: new Set(),
        cursor: 0,
        ready: Promise.resolve(),
        reading: false,
        readAgain: false,
      }
      // From the log's current end: older events reach a stream through its own catch-up.
      created.ready = deps.eventos.bounds(tenant).then((bounds) => {
        created.cursor = bounds?.newest ?? 0
      })
      tenants.set(tenant, created)
      state = created
    }
    return state
  }

  /**
   * Catches a stream up from `lastEventId` (or starts it at the log's end), then keeps it
   * current. Too far behind, or asking for ids the log no longer (or never) had, it is sent
   * `reinicio` with the current position: the client reloads the state and carries on.
   */
  async function catchUp(stream: LiveStream, tenant: string, lastEventId: number | 'invalid') {
    const bounds = await deps.eventos.bounds(tenant)
    const newest = bounds?.newest ?? 0
    if (
      lastEventId === 'invalid' ||
      lastEventId > newest ||
      (bounds && lastEventId > 0 && lastEventId < bounds.oldest)
    ) {
      restart(stream, newest)
      return
    }
    const rows = await deps.eventos.listAfter(tenant, lastEventId, EVENTOS_REANUDACION_MAX + 1)
    if (rows.length > EVENTOS_REANUDACION_MAX) {
      restart(stream, newest)
      return
    }
    stream.cursor = lastEventId
    await send(stream, rows, await load(rows))
  }

  function restart(stream: LiveStream, newest: number) {
    stream.cursor = newest
    stream.write(formatEvent(newest, EVENTOS.reinicio, {}))
  }

  return {
    /**
     * Joins a stream to its hospital's deliveries. Without `lastEventId` it starts at the log's
     * current end and is told that position (an `id:` line, so a reconnection resumes there).
     */
    async subscribe(stream: LiveStream, lastEventId: number | 'invalid' | undefined) {
      const tenant = stream.viewer.tenant
      const state = stateOf(tenant)
      await state.ready
      state.streams.add(stream)
      if (lastEventId === undefined) {
        stream.cursor = state.cursor
        stream.write(`id: ${String(state.cursor)}\n\n`)
        // Anything newer than the hub's position is delivered by the next read.
        void readNew(tenant, state).catch(deps.onError)
        return
      }
      enqueue(stream, () => catchUp(stream, tenant, lastEventId))
    },

    /**
     * Sends the stream what the log holds beyond its cursor now (one page), after its writes
     * already queued; resolves once sent (or failed: the stream is then ended).
     */
    flush(stream: LiveStream): Promise<void> {
      return new Promise((resolve) => {
        enqueue(stream, async () => {
          try {
            const rows = await deps.eventos.listAfter(stream.viewer.tenant, stream.cursor, PAGE)
            await send(stream, rows, await load(rows))
          } finally {
            resolve()
          }
        })
      })
    },

    unsubscribe(stream: LiveStream) {
      const state = tenants.get(stream.viewer.tenant)
      if (!state) return
      state.streams.delete(stream)
      if (state.streams.size === 0 && !state.reading) tenants.delete(stream.viewer.tenant)
    },

    /** The hospital's log has grown (to `id`, when known): read and deliver what is new. */
    wake(tenant: string, id?: number) {
      const state = tenants.get(tenant)
      if (!state || (id !== undefined && id <= state.cursor)) return
      void state.ready.then(() => readNew(tenant, state)).catch(deps.onError)
    },

    /** Reads every followed hospital's log (after a lost notification channel, and as a poll). */
    wakeAll() {
      for (const tenant of tenants.keys()) this.wake(tenant)
    },

    streams(): LiveStream[] {
      return [...tenants.values()].flatMap((state) => [...state.streams])
    },
  }
}
