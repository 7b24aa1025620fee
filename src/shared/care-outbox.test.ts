import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxItem } from './care-outbox-db'
import type { OutboxTransport, SendOutcome } from './care-outbox-replay'

// An in-memory idb-keyval: one Map per named store.
const stores = new Map<string, Map<unknown, unknown>>()
vi.mock('idb-keyval', () => {
  const of = (store: unknown) => stores.get(store as string) ?? new Map<unknown, unknown>()
  return {
    createStore: (db: string, name: string) => {
      const key = `${db}/${name}`
      if (!stores.has(key)) stores.set(key, new Map())
      return key
    },
    get: (key: unknown, store: unknown) => Promise.resolve(of(store).get(key)),
    set: (key: unknown, value: unknown, store: unknown) => {
      // A shallow copy: jsdom cannot clone Blobs, which IndexedDB stores as they are.
      of(store).set(key, { ...(value as object) })
      return Promise.resolve()
    },
    del: (key: unknown, store: unknown) => {
      of(store).delete(key)
      return Promise.resolve()
    },
    values: (store: unknown) => Promise.resolve([...of(store).values()]),
    clear: (store: unknown) => {
      of(store).clear()
      return Promise.resolve()
    },
  }
})

const { clearOutbox, listOutbox, putOutboxItem, readOutboxItem } = await import('./care-outbox-db')
const { outcomeOfStatus, replayOutbox } = await import('./care-outbox-replay')

function item(id: string, overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id,
    tipo: 'mensaje',
    tenant: 'hospital-central',
    asistenciaId: 'a1',
    ruta: `/api/asistencias/a1/mensajes`,
    cuerpo: { id, texto: 'Hola' },
    fotos: [],
    fotosEnviadas: 0,
    token: 'tok',
    creadoEn: 0,
    ...overrides,
  }
}

function transport(outcomes: SendOutcome[], photoOutcomes: SendOutcome[] = []) {
  const posted: string[] = []
  const photos: string[] = []
  const value: OutboxTransport = {
    postJson: vi.fn((sent: OutboxItem) => {
      posted.push(sent.id)
      return Promise.resolve(outcomes.shift() ?? 'sent')
    }),
    uploadPhoto: vi.fn((sent: OutboxItem, photo: Blob) => {
      photos.push(`${sent.id}:${photo.size}`)
      const outcome = photoOutcomes.shift() ?? 'sent'
      return Promise.resolve(
        outcome === 'sent' ? { sent: `foto-${String(photos.length)}` } : outcome,
      )
    }),
  }
  return { value, posted, photos }
}

beforeEach(async () => {
  await clearOutbox()
})

describe('care outbox', () => {
  it('keeps items by their id, lists them oldest first, and empties on clear', async () => {
    await putOutboxItem(item('b', { creadoEn: 2 }))
    await putOutboxItem(item('a', { creadoEn: 1 }))
    await putOutboxItem(item('a', { creadoEn: 1, cuerpo: { id: 'a', texto: 'otra vez' } }))
    expect((await listOutbox()).map((entry) => entry.id)).toEqual(['a', 'b'])
    expect((await readOutboxItem('a'))?.cuerpo).toEqual({ id: 'a', texto: 'otra vez' })
    await clearOutbox()
    expect(await listOutbox()).toEqual([])
  })

  it('replays oldest first, removes what the server has or refuses, stops at the first retry', async () => {
    await putOutboxItem(item('m1', { creadoEn: 1 }))
    await putOutboxItem(item('m2', { creadoEn: 2 }))
    await putOutboxItem(item('m3', { creadoEn: 3 }))
    await putOutboxItem(item('m4', { creadoEn: 4 }))
    const { value, posted } = transport(['sent', 'refused', 'retry'])
    const result = await replayOutbox(value)
    expect(posted).toEqual(['m1', 'm2', 'm3'])
    expect(result).toEqual({ sent: ['m1'], refused: ['m2'], pending: 2 })
    expect((await listOutbox()).map((entry) => entry.id)).toEqual(['m3', 'm4'])
  })

  it('sends each item once when replays overlap (online and return to the app at once)', async () => {
    await putOutboxItem(item('m1'))
    const { value, posted } = transport([])
    await Promise.all([replayOutbox(value), replayOutbox(value)])
    expect(posted).toEqual(['m1'])
    expect(await listOutbox()).toEqual([])
  })

  it('uploads a request’s photos after it, and never one twice after an interruption', async () => {
    const photos = [new Blob(['1']), new Blob(['22']), new Blob(['333'])]
    await putOutboxItem(item('r1', { tipo: 'asistencia', asistenciaId: 'r1', fotos: photos }))
    const first = transport([], ['sent', 'retry'])
    expect((await replayOutbox(first.value)).pending).toBe(1)
    expect(first.photos).toEqual(['r1:1', 'r1:2'])
    expect((await readOutboxItem('r1'))?.fotosEnviadas).toBe(1)

    const second = transport([])
    expect(await replayOutbox(second.value)).toEqual({ sent: ['r1'], refused: [], pending: 0 })
    expect(second.posted).toEqual(['r1'])
    expect(second.photos).toEqual(['r1:2', 'r1:3'])
  })

  it('sends a message’s photo before it, names it, and never sends the photo twice', async () => {
    await putOutboxItem(item('m1', { fotos: [new Blob(['1'])], cuerpo: { id: 'm1', texto: '' } }))
    // The photo gets through; the message does not, yet.
    const first = transport(['retry'])
    expect((await replayOutbox(first.value)).pending).toBe(1)
    expect(first.photos).toEqual(['m1:1'])
    expect((await readOutboxItem('m1'))?.cuerpo).toEqual({ id: 'm1', texto: '', foto: 'foto-1' })

    const second = transport([])
    expect(await replayOutbox(second.value)).toEqual({ sent: ['m1'], refused: [], pending: 0 })
    expect(second.photos).toEqual([])
    expect(vi.mocked(second.value.postJson).mock.calls[0]?.[0].cuerpo).toEqual({
      id: 'm1',
      texto: '',
      foto: 'foto-1',
    })
  })

  it('holds a message back while its photo cannot reach the server', async () => {
    await putOutboxItem(item('m1', { fotos: [new Blob(['1'])] }))
    const { value, posted } = transport([], ['retry'])
    expect((await replayOutbox(value)).pending).toBe(1)
    expect(posted).toEqual([])
  })

  it('treats a transport that throws (offline) as worth retrying', async () => {
    await putOutboxItem(item('m1'))
    const value: OutboxTransport = {
      postJson: () => Promise.reject(new TypeError('Failed to fetch')),
      uploadPhoto: () => Promise.resolve({ sent: 'foto-1' }),
    }
    expect(await replayOutbox(value)).toEqual({ sent: [], refused: [], pending: 1 })
  })

  it('maps statuses: 2xx sent, lasting 4xx refused, the rest retried', () => {
    expect(outcomeOfStatus(201)).toBe('sent')
    expect(outcomeOfStatus(200)).toBe('sent')
    expect(outcomeOfStatus(409)).toBe('refused')
    expect(outcomeOfStatus(404)).toBe('refused')
    expect(outcomeOfStatus(401)).toBe('retry')
    expect(outcomeOfStatus(429)).toBe('retry')
    expect(outcomeOfStatus(503)).toBe('retry')
  })
})
