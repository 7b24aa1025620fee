/**
 * The page's side of the care outbox: what a write that found no connection becomes, and when the
 * outbox is sent (now, on `online`, on return to the app, and by the worker's Background Sync where
 * the browser has it). Screens read the ids still waiting to show "Pendiente de envío".
 */
import { asistenciaPath, API_PATHS } from '../../../config/api-paths'
import { config } from '../../../config/env'
import type { NuevaAsistencia, NuevoMensaje } from '../../../contract/care'
import { api } from '../../../lib/api'
import { ApiError, NetworkError, TimeoutError } from '../../../lib/api-errors'
import { readValue } from '../../../lib/storage'
import {
  listOutbox,
  OUTBOX_SYNC_TAG,
  putOutboxItem,
  type OutboxItem,
} from '../../../shared/care-outbox-db'
import {
  outcomeOfStatus,
  replayOutbox,
  type OutboxTransport,
  type SendOutcome,
} from '../../../shared/care-outbox-replay'

/** True when a failed write should wait in the outbox: it never reached the server. */
export function isUnsentFailure(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError
}

const listeners = new Set<() => void>()
let pendingIds: ReadonlySet<string> = new Set()

async function refreshPending() {
  const items = await listOutbox()
  pendingIds = new Set(items.map((item) => item.id))
  for (const listener of listeners) listener()
}

/** Ids of the records still waiting to be sent. */
export function readPendingIds(): ReadonlySet<string> {
  return pendingIds
}

export function subscribeToOutbox(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

async function askWorkerToSync() {
  try {
    const registration = await navigator.serviceWorker.ready
    const sync = (
      registration as ServiceWorkerRegistration & {
        sync?: { register: (tag: string) => Promise<void> }
      }
    ).sync
    await sync?.register(OUTBOX_SYNC_TAG)
  } catch {
    // No worker or no Background Sync (iOS Safari): the page replays on `online` and on return.
  }
}

async function keep(item: Omit<OutboxItem, 'token' | 'creadoEn' | 'fotosEnviadas'>) {
  await putOutboxItem({
    ...item,
    fotosEnviadas: 0,
    token: readValue('token'),
    creadoEn: Date.now(),
  })
  await refreshPending()
  if ('serviceWorker' in navigator) void askWorkerToSync()
}

const absolute = (path: string) => new URL(config.apiBaseUrl + path, window.location.href).href

export function keepRequest(tenant: string, body: NuevaAsistencia, fotos: Blob[]): Promise<void> {
  return keep({
    id: body.id,
    tipo: 'asistencia',
    tenant,
    asistenciaId: body.id,
    ruta: absolute(API_PATHS.asistencias),
    cuerpo: body,
    fotos,
  })
}

/** Keeps a message, and the photo it goes with (sent first, then named by the message). */
export function keepMessage(
  tenant: string,
  asistenciaId: string,
  body: NuevoMensaje,
  foto?: Blob,
): Promise<void> {
  return keep({
    id: body.id,
    tipo: 'mensaje',
    tenant,
    asistenciaId,
    ruta: absolute(asistenciaPath(asistenciaId, 'mensajes')),
    cuerpo: body,
    fotos: foto === undefined ? [] : [foto],
  })
}

async function outcomeOf(send: () => Promise<unknown>): Promise<SendOutcome> {
  try {
    await send()
    return 'sent'
  } catch (error) {
    if (error instanceof ApiError) return outcomeOfStatus(error.status)
    return 'retry'
  }
}

const pageTransport: OutboxTransport = {
  postJson: (item) =>
    outcomeOf(() => api.request(item.ruta, { method: 'POST', body: item.cuerpo })),
  uploadPhoto: async (item, photo) => {
    let answer: unknown
    const outcome = await outcomeOf(async () => {
      const form = new FormData()
      form.append('foto', photo)
      answer = await api.upload(asistenciaPath(item.asistenciaId, 'fotos'), form)
    })
    if (outcome !== 'sent') return outcome
    // Read by hand: this module loads with every screen, the answer schemas with the care ones.
    const id = (answer as { id?: unknown } | null)?.id
    // Stored, but its id unread: sending it again would store it twice, so it goes unnamed.
    return typeof id === 'string' ? { sent: id } : 'refused'
  },
}

/** Sends what the outbox holds from this page, then tells the screens what is left. */
export async function sendOutbox(): Promise<void> {
  // Another account's writes are never sent with this session's token. Without a session the
  // outbox holds only a kiosk's walk-ins (sign-out and the wipe empty it), sent without a token.
  if (readValue('token') === null) {
    if ((await listOutbox()).some((item) => item.tipo !== 'presencial')) return
  }
  await replayOutbox(pageTransport)
  await refreshPending()
}

/** Sends the outbox whenever the connection or the user comes back. Call once at start-up. */
export function startOutboxReplay(): () => void {
  const onOnline = () => void sendOutbox()
  const onVisible = () => {
    if (document.visibilityState === 'visible') void sendOutbox()
  }
  window.addEventListener('online', onOnline)
  document.addEventListener('visibilitychange', onVisible)
  void refreshPending().then(sendOutbox)
  return () => {
    window.removeEventListener('online', onOnline)
    document.removeEventListener('visibilitychange', onVisible)
  }
}

/** What sign-out asks about: writes that would be lost. */
export async function countUnsent(): Promise<number> {
  return (await listOutbox()).length
}
