/**
 * The only module that touches Web Storage. Private mode, a full quota or disabled storage make
 * `localStorage` throw; the app then keeps its state in memory for the life of the page.
 */
import { STORAGE_KEYS, type StorageKey } from '../config/storage-keys'

type Area = 'local' | 'session'

// Values that could not be persisted, per area; they win over what the area holds.
const memory: Record<Area, Map<string, string | null>> = { local: new Map(), session: new Map() }

function getArea(area: Area): Storage {
  return area === 'local' ? globalThis.localStorage : globalThis.sessionStorage
}

function read(area: Area, key: string): string | null {
  const kept = memory[area]
  if (kept.has(key)) return kept.get(key) ?? null
  try {
    return getArea(area).getItem(key)
  } catch {
    return null
  }
}

function write(area: Area, key: string, value: string | null): void {
  try {
    const storage = getArea(area)
    if (value === null) storage.removeItem(key)
    else storage.setItem(key, value)
    memory[area].delete(key)
  } catch {
    memory[area].set(key, value)
  }
}

function listKeys(area: Area): string[] {
  try {
    const storage = getArea(area)
    return Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '')
  } catch {
    return []
  }
}

function clearArea(area: Area): void {
  memory[area].clear()
  try {
    getArea(area).clear()
  } catch {
    // Storage refused the wipe but may still be readable: hide what it holds (a token above all),
    // so the wiped session is never read back.
    const keys = [...listKeys(area), ...(area === 'local' ? Object.values(STORAGE_KEYS) : [])]
    for (const key of keys) memory[area].set(key, null)
  }
}

/** Reads one of the app's localStorage entries (docs/storage.md); null when absent or unreadable. */
export function readValue(key: StorageKey): string | null {
  return read('local', key)
}

/** Writes one of the app's localStorage entries; kept in memory if storage refuses it. */
export function writeValue(key: StorageKey, value: string): void {
  write('local', key, value)
}

export function removeValue(key: StorageKey): void {
  write('local', key, null)
}

/** Reads a tab-scoped value (sessionStorage). */
export function readSessionValue(key: string): string | null {
  return read('session', key)
}

export function writeSessionValue(key: string, value: string): void {
  write('session', key, value)
}

/** The 401 and sign-out wipe: every entry of localStorage and sessionStorage (docs/storage.md). */
export function clearUserStorage(): void {
  clearArea('local')
  clearArea('session')
}

/** Sign-out on a shared device: this tab's sessionStorage goes (whatever a screen kept there). */
export function clearTabStorage(): void {
  clearArea('session')
}

/**
 * Calls `listener` when another tab changes the token (signs in, signs out or is wiped).
 * Returns the unsubscribe function.
 */
export function subscribeToTokenChanges(listener: (token: string | null) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // `key` is null when the other tab cleared the whole storage.
    if (event.key === null || event.key === STORAGE_KEYS.token) listener(readValue('token'))
  }
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener('storage', onStorage)
  }
}
