/**
 * Background Sync of the care outbox: when the browser says the connection is back (even with the
 * app closed), the worker sends what the page kept, with the token each item was written under
 * (the worker cannot read the page's storage). The same ids make a replay the page also runs
 * harmless. Where Background Sync is missing (iOS Safari), the page replays on its own.
 */
import { asistenciaPath, TOKEN_HEADER } from '../config/api-paths'
import { OUTBOX_SYNC_TAG, type OutboxItem } from '../shared/care-outbox-db'
import {
  outcomeOfStatus,
  replayOutbox,
  type OutboxTransport,
  type SendOutcome,
} from '../shared/care-outbox-replay'

function authHeaders(item: OutboxItem): Record<string, string> {
  return item.token === null ? {} : { [TOKEN_HEADER]: `Bearer ${item.token}` }
}

async function post(url: string, init: RequestInit): Promise<SendOutcome> {
  const response = await fetch(url, { ...init, method: 'POST', credentials: 'omit' })
  return outcomeOfStatus(response.status)
}

export function createWorkerTransport(): OutboxTransport {
  return {
    postJson: (item) =>
      post(item.ruta, {
        headers: {
          ...authHeaders(item),
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(item.cuerpo),
      }),
    uploadPhoto: async (item, photo) => {
      const form = new FormData()
      form.append('foto', photo)
      const url = new URL(asistenciaPath(item.asistenciaId, 'fotos'), item.ruta).href
      const response = await fetch(url, {
        method: 'POST',
        credentials: 'omit',
        headers: { ...authHeaders(item), Accept: 'application/json' },
        body: form,
      })
      const outcome = outcomeOfStatus(response.status)
      if (outcome !== 'sent') return outcome
      const answer = (await response.json().catch(() => null)) as { id?: unknown } | null
      // Stored, but its id unread: sending it again would store it twice, so it goes unnamed.
      return typeof answer?.id === 'string' ? { sent: answer.id } : 'refused'
    },
  }
}

interface SyncEventLike extends ExtendableEvent {
  tag: string
}

/** Replays the outbox on its sync tag; a replay that leaves items asks the browser to retry. */
export function handleOutboxSync(event: SyncEventLike): void {
  if (event.tag !== OUTBOX_SYNC_TAG) return
  event.waitUntil(
    replayOutbox(createWorkerTransport()).then((result) => {
      if (result.pending > 0) throw new Error('Outbox items still waiting')
    }),
  )
}
