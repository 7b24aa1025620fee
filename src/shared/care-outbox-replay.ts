/**
 * Sending the care outbox, the same way from the page and from the service worker: oldest first,
 * one item at a time; an item leaves the outbox once the server has it (or refuses it for good);
 * the first item that cannot reach the server stops the replay, so order is kept and nothing is
 * lost. A request's photos go after the request, each counted once it is stored; a message's photo
 * goes before its message, which names it.
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

/** A photo's upload: stored (with the id the server gave it), or not. */
export type PhotoOutcome = Exclude<SendOutcome, 'sent'> | { sent: string }

export interface OutboxTransport {
  postJson: (item: OutboxItem) => Promise<SendOutcome>
  uploadPhoto: (item: OutboxItem, photo: Blob) => Promise<PhotoOutcome>
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

async function upload(transport: OutboxTransport, item: OutboxItem, photo: Blob) {
  try {
    return await transport.uploadPhoto(item, photo)
  } catch {
    return 'retry'
  }
}

/**
 * A message's photo, sent before it: the message then names the photo's id (kept at once, so a
 * replay cut off after the upload does not send it twice). A refused photo (the conversation is
 * full, the file damaged) leaves the message to go with its text alone.
 */
async function withMessagePhoto(
  transport: OutboxTransport,
  item: OutboxItem,
): Promise<OutboxItem | 'retry'> {
  const photo = item.fotos[item.fotosEnviadas]
  if (item.tipo !== 'mensaje' || photo === undefined) return item
  const outcome = await upload(transport, item, photo)
  if (outcome === 'retry') return 'retry'
  const cuerpo =
    outcome === 'refused' ? item.cuerpo : { ...(item.cuerpo as object), foto: outcome.sent }
  const next = { ...item, cuerpo, fotosEnviadas: item.fotos.length }
  await putOutboxItem(next).catch(() => undefined)
  return next
}

async function sendItem(transport: OutboxTransport, queued: OutboxItem): Promise<SendOutcome> {
  const item = await withMessagePhoto(transport, queued)
  if (item === 'retry') return 'retry'
  let outcome: SendOutcome
  try {
    outcome = await transport.postJson(item)
  } catch {
    return 'retry'
  }
  if (outcome !== 'sent') return outcome
  let current = item
  for (const photo of item.fotos.slice(item.fotosEnviadas)) {
    const photoOutcome = await upload(transport, current, photo)
    // A refused photo (damaged, too large) does not hold the request back.
    if (photoOutcome === 'retry') return 'retry'
    current = { ...current, fotosEnviadas: current.fotosEnviadas + 1 }
    await putOutboxItem(current).catch(() => undefined)
  }
  return 'sent'
}
