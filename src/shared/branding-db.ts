/**
 * The last known branding of each tenant, in IndexedDB: the page writes it after every successful
 * `verHospitales`, the service worker reads it to paint the first frame and build the tenant's
 * manifest. The only module that imports idb-keyval. Public data: it survives the 401 wipe.
 * Every failure (no IndexedDB, private mode, quota, corrupted entry) degrades to "nothing stored".
 */
import { get, set, type UseStore } from 'idb-keyval'
import { BRANDING_DATABASE_NAME } from '../config/cache-names'
import { isBranding, type Branding } from '../contract/branding'

const DATABASE_NAME = BRANDING_DATABASE_NAME
const STORE_NAME = 'branding'
/** An IndexedDB that never answers (a blocked upgrade, a stuck disk) must not hold up a start. */
const DEFAULT_READ_TIMEOUT_MS = 1_000

/** How long an open may wait on another tab's connection before this use gives up. */
const OPEN_BLOCKED_TIMEOUT_MS = 3_000

/**
 * idb-keyval's store, opened so that tabs never hold each other up: this connection closes as
 * soon as another tab (a newer version of the app) asks to upgrade the database, and an open
 * blocked by a tab that never lets go fails after a while instead of hanging every later call.
 * Either way the next use opens afresh.
 */
function createBrandingStore(): UseStore {
  let database: Promise<IDBDatabase> | undefined

  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DATABASE_NAME)
      let hasGivenUp = false
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE_NAME)
      }
      request.onblocked = () => {
        setTimeout(() => {
          hasGivenUp = true
          reject(new DOMException('IndexedDB is blocked by another tab', 'AbortError'))
        }, OPEN_BLOCKED_TIMEOUT_MS)
      }
      request.onsuccess = () => {
        const db = request.result
        if (hasGivenUp) {
          db.close()
          return
        }
        db.onversionchange = () => {
          db.close()
          database = undefined
        }
        db.onclose = () => {
          database = undefined
        }
        resolve(db)
      }
      request.onerror = () => {
        reject(request.error ?? new DOMException('IndexedDB could not be opened', 'UnknownError'))
      }
    })

  return (mode, callback) => {
    database ??= open()
    const opening = database
    opening.catch(() => {
      if (database === opening) database = undefined
    })
    return opening.then((db) => callback(db.transaction(STORE_NAME, mode).objectStore(STORE_NAME)))
  }
}

let store: UseStore | null = null

// Created on first use: merely importing this module must not open a database.
function getStore(): UseStore {
  store ??= createBrandingStore()
  return store
}

// Only the known fields are kept, so a stored object never carries anything else around.
function toStoredBranding(branding: Branding): Branding {
  return {
    tenant: branding.tenant,
    nombre: branding.nombre,
    colors: { ...branding.colors },
    logoUrl: branding.logoUrl,
  }
}

function settleWithin<T>(promise: Promise<T>, milliseconds: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds, fallback)
    void promise.then((value) => {
      clearTimeout(timer)
      resolve(value)
    })
  })
}

async function readStored(tenant: string): Promise<Branding | null> {
  try {
    const value: unknown = await get(tenant, getStore())
    return isBranding(value) && value.tenant === tenant ? toStoredBranding(value) : null
  } catch {
    return null
  }
}

export interface ReadBrandingOptions {
  /** Resolve null when IndexedDB has not answered within this many milliseconds. */
  timeoutMs?: number
}

/**
 * The stored branding of `tenant`, or null when there is none, it is invalid, IndexedDB is
 * unavailable or it does not answer in time. Never rejects.
 */
export function readBranding(
  tenant: string,
  { timeoutMs = DEFAULT_READ_TIMEOUT_MS }: ReadBrandingOptions = {},
): Promise<Branding | null> {
  return settleWithin(readStored(tenant), timeoutMs, null)
}

// Beside each tenant's branding, when it was last received (for the diagnostics screen). `:`
// never appears in a tenant id, so this key never names a tenant.
const refreshedKey = (tenant: string) => `actualizado:${tenant}`

/**
 * Remembers `branding` under its tenant, received at `receivedAt` (ms). Never rejects: a failed
 * write only loses the cache.
 */
export async function writeBranding(branding: Branding, receivedAt = Date.now()): Promise<void> {
  if (!isBranding(branding)) return
  try {
    await set(branding.tenant, toStoredBranding(branding), getStore())
    await set(refreshedKey(branding.tenant), receivedAt, getStore())
  } catch {
    // No IndexedDB, private mode or quota: the next start simply has no head start.
  }
}

/** When `tenant`'s branding was last received (ms), or null when unknown. Never rejects. */
export function readBrandingRefreshedAt(
  tenant: string,
  { timeoutMs = DEFAULT_READ_TIMEOUT_MS }: ReadBrandingOptions = {},
): Promise<number | null> {
  const read = (async () => {
    try {
      const value: unknown = await get(refreshedKey(tenant), getStore())
      return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null
    } catch {
      return null
    }
  })()
  return settleWithin(read, timeoutMs, null)
}
