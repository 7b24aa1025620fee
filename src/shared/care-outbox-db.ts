/**
 * The care outbox: requests for help and messages written without a connection, kept in IndexedDB
 * until they are sent. The page writes and replays it; the service worker replays it too (Background
 * Sync), which is why it lives here, beside the branding store, and why each item carries what a
 * replay needs (path, body, token): the worker cannot read the page's storage. Every record has an
 * id chosen on the device, so a replay the server already received answers the same record.
 *
 * Health data and a credential: never in localStorage; emptied by sign-out and the 401 wipe.
 * The only module besides branding-db.ts that imports idb-keyval, with its own database.
 */
import { clear, createStore, del, get, set, values, type UseStore } from 'idb-keyval'

/** Where the outbox lives (IndexedDB database and object store). */
export const OUTBOX_DATABASE = { name: 'clinica-bandeja', store: 'salida' } as const
const DATABASE_NAME = OUTBOX_DATABASE.name
const STORE_NAME = OUTBOX_DATABASE.store

/** The Background Sync tag under which the page asks the worker to replay the outbox. */
export const OUTBOX_SYNC_TAG = 'bandeja-salida'

/** `presencial`: a kiosk's walk-in, public (no token), the only thing a kiosk keeps of anyone. */
export type OutboxKind = 'asistencia' | 'mensaje' | 'presencial'

export interface OutboxItem {
  /** The record's own id (request or message), chosen on the device: the key of the store. */
  id: string
  tipo: OutboxKind
  tenant: string
  /** The request it belongs to (its own id for a request). */
  asistenciaId: string
  /** The API path to `POST` to, and its JSON body. */
  ruta: string
  cuerpo: unknown
  /** Photos to upload to the request once it exists, and how many have gone already. */
  fotos: Blob[]
  fotosEnviadas: number
  /** The session's token when written: the worker replays with it. */
  token: string | null
  /** When it was written (ms), to replay in order. */
  creadoEn: number
}

let store: UseStore | null = null

// Created on first use: merely importing this module must not open a database.
function getStore(): UseStore {
  store ??= createStore(DATABASE_NAME, STORE_NAME)
  return store
}

/**
 * Whether the outbox's database exists, without creating it: a device that never wrote offline
 * keeps no database of it (and a repaired app stays empty). Where the browser cannot list its
 * databases, assume it does.
 */
async function hasDatabase(): Promise<boolean> {
  if (store !== null) return true
  try {
    if (typeof indexedDB.databases !== 'function') return true
    const databases = await indexedDB.databases()
    return databases.some((database) => database.name === DATABASE_NAME)
  } catch {
    return false
  }
}

function isOutboxItem(value: unknown): value is OutboxItem {
  if (typeof value !== 'object' || value === null) return false
  const item = value as Partial<OutboxItem>
  return (
    typeof item.id === 'string' &&
    (item.tipo === 'asistencia' || item.tipo === 'mensaje' || item.tipo === 'presencial') &&
    typeof item.tenant === 'string' &&
    typeof item.asistenciaId === 'string' &&
    typeof item.ruta === 'string' &&
    Array.isArray(item.fotos) &&
    typeof item.fotosEnviadas === 'number' &&
    typeof item.creadoEn === 'number'
  )
}

/** Keeps `item` (replacing one with its id). Rejects when IndexedDB cannot store it. */
export async function putOutboxItem(item: OutboxItem): Promise<void> {
  await set(item.id, item, getStore())
}

/** Every item, oldest first; nothing when IndexedDB is unavailable. */
export async function listOutbox(): Promise<OutboxItem[]> {
  try {
    if (!(await hasDatabase())) return []
    const all: unknown[] = await values(getStore())
    return all.filter(isOutboxItem).sort((a, b) => a.creadoEn - b.creadoEn)
  } catch {
    return []
  }
}

export async function readOutboxItem(id: string): Promise<OutboxItem | null> {
  try {
    if (!(await hasDatabase())) return null
    const value: unknown = await get(id, getStore())
    return isOutboxItem(value) ? value : null
  } catch {
    return null
  }
}

export async function removeOutboxItem(id: string): Promise<void> {
  try {
    if (!(await hasDatabase())) return
    await del(id, getStore())
  } catch {
    // Nothing to remove where IndexedDB is unavailable.
  }
}

/** Empties the outbox (sign-out, the 401 wipe). Never rejects. */
export async function clearOutbox(): Promise<void> {
  try {
    if (!(await hasDatabase())) return
    await clear(getStore())
  } catch {
    // No IndexedDB: nothing was kept.
  }
}
