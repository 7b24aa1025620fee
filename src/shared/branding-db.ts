/**
 * The last known branding of each tenant, in IndexedDB: the page writes it after every successful
 * `verHospitales`, the service worker reads it to paint the first frame and build the tenant's
 * manifest. The only module that imports idb-keyval. Public data: it survives the 401 wipe.
 * Every failure (no IndexedDB, private mode, quota, corrupted entry) degrades to "nothing stored".
 */
import { createStore, get, set, type UseStore } from 'idb-keyval'
import { isBranding, type Branding } from '../contract/branding'

const DATABASE_NAME = 'clinica-pwa'
const STORE_NAME = 'branding'
/** An IndexedDB that never answers (a blocked upgrade, a stuck disk) must not hold up a start. */
const DEFAULT_READ_TIMEOUT_MS = 1_000

let store: UseStore | null = null

// Created on first use: merely importing this module must not open a database.
function getStore(): UseStore {
  store ??= createStore(DATABASE_NAME, STORE_NAME)
  return store
}

function hasValidLogoSize(value: Branding['logoSize']): value is NonNullable<Branding['logoSize']> {
  return (
    typeof value === 'object' &&
    Number.isFinite(value.width) &&
    Number.isFinite(value.height) &&
    value.width > 0 &&
    value.height > 0
  )
}

// Only the known fields are kept, so a stored object never carries anything else around.
function toStoredBranding(branding: Branding): Branding {
  const stored: Branding = {
    tenant: branding.tenant,
    nombre: branding.nombre,
    colors: { ...branding.colors },
    logoUrl: branding.logoUrl,
  }
  if (hasValidLogoSize(branding.logoSize)) {
    stored.logoSize = { width: branding.logoSize.width, height: branding.logoSize.height }
  }
  return stored
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

/** Remembers `branding` under its tenant. Never rejects: a failed write only loses the cache. */
export async function writeBranding(branding: Branding): Promise<void> {
  if (!isBranding(branding)) return
  try {
    await set(branding.tenant, toStoredBranding(branding), getStore())
  } catch {
    // No IndexedDB, private mode or quota: the next start simply has no head start.
  }
}
