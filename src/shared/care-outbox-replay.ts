/**
 * Sending the care outbox, the same way from the page and from the service worker: oldest first,
 * one item at a time; an item leaves the outbox once the server has it (or refuses it for good);
 * the first item that cannot reach the server stops the replay, so order is kept and nothing is
 * lost. A request's photos go after the request, each counted once it is stored.
 */
import { listOutbox, putOutboxItem, removeOutboxItem, type OutboxItem } from './care-outbox-db'

/** What sending one part of an item came to. */
export type SendOutcome =
  /** The server has it (`2xx`, including the same record for a repeated id). */
  | 'sent'
  /** The server refused it and always will (e.g. the consultation is over): drop it. */
  | 'refused'
  /** No answer, or one worth retrying later (offline, 5xx, 401 before a new sign-in). */
  | 'retry'

export interface OutboxTransport {
  postJson: (item: OutboxItem) => Promise<SendOutcome>
  uploadPhoto: (item: OutboxItem, photo: Blob) => Promise<SendOutcome>
}

export interface ReplayResult {
  sent: string[]
  refused: string[]
  /** Items still waiting. */
  pending: number
}

/** Which answers mean "never": a client error other than those a later attempt may cure. */
export function outcomeOfStatus(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'sent'
  if (status === 401 || status === 408 || status === 429) return 'retry'
  if (status >= 400 && status < 500) return 'refused'
  return 'retry'
}

let running: Promise<ReplayResult> | null = null

/**
 * Sends what the outbox holds. Concurrent calls in one context share one run, so an `online` event
 * and a return to the app at the same moment never send an item twice from here.
 */
export function replayOutbox(transport: OutboxTransport): Promise<ReplayResult> {
  running ??= replay(transport).finally(() => {
    running = null
  })
  return running
}

async function replay(transport: OutboxTransport): Promise<ReplayResult> {
  const items = await listOutbox()
  const result: ReplayResult = { sent: [], refused: [], pending: 0 }
  for (const [index, item] of items.entries()) {
    const outcome = await sendItem(transport, item)
    if (outcome === 'retry') {
      result.pending = items.length - index
      break
    }
    await removeOutboxItem(item.id)
    result[outcome === 'sent' ? 'sent' : 'refused'].push(item.id)
  }
  return result
}

async function sendItem(transport: OutboxTransport, item: OutboxItem): Promise<SendOutcome> {
  let outcome: SendOutcome
  try {
    outcome = await transport.postJson(item)
  } catch {
    return 'retry'
  }
  if (outcome !== 'sent') return outcome
  let current = item
  for (const photo of item.fotos.slice(item.fotosEnviadas)) {
    let photoOutcome: SendOutcome
    try {
      photoOutcome = await transport.uploadPhoto(current, photo)
    } catch {
      photoOutcome = 'retry'
    }
    // A refused photo (damaged, too large) does not hold the request back.
    if (photoOutcome === 'retry') return 'retry'
    current = { ...current, fotosEnviadas: current.fotosEnviadas + 1 }
    await putOutboxItem(current).catch(() => undefined)
  }
  return 'sent'
}
