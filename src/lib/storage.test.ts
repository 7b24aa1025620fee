import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS, type StorageKey } from '../config/storage-keys'
import type * as StorageModule from './storage'

// The module keeps values it could not persist in memory: a fresh copy per test.
let storage: typeof StorageModule

beforeEach(async () => {
  vi.resetModules()
  storage = await import('./storage')
})

afterEach(() => {
  // Restore the throwing Storage methods before the shared setup clears the real storage.
  vi.restoreAllMocks()
})

const KEYS = Object.values(STORAGE_KEYS)

function refuse(method: 'getItem' | 'setItem' | 'removeItem' | 'clear', error: DOMException) {
  return vi.spyOn(Storage.prototype, method).mockImplementation(() => {
    throw error
  })
}

const quotaExceeded = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')
const securityError = () => new DOMException('Access is denied.', 'SecurityError')

/** Private mode in some browsers: even touching `localStorage` throws. */
function makeStorageInaccessible() {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    vi.spyOn(globalThis, name, 'get').mockImplementation(() => {
      throw securityError()
    })
  }
}

describe('with working storage', () => {
  it.each(KEYS)('round-trips %s through localStorage', (key: StorageKey) => {
    expect(storage.readValue(key)).toBeNull()

    storage.writeValue(key, `value of ${key}`)

    expect(storage.readValue(key)).toBe(`value of ${key}`)
    expect(localStorage.getItem(key)).toBe(`value of ${key}`)

    storage.removeValue(key)

    expect(storage.readValue(key)).toBeNull()
    expect(localStorage.getItem(key)).toBeNull()
  })

  it("uses exactly the documented key names, plus the device's own settings", () => {
    expect(KEYS).toEqual([
      'token',
      'tenant',
      'logo',
      'refresh',
      'dispositivo-compartido',
      'pantalla-bloqueada',
      'ultima-actividad',
      'modo-kiosco',
      'quiosco',
      'fin-de-sesion',
    ])
  })

  it('reads values written by someone else (another tab, an older version)', () => {
    localStorage.setItem('token', 'from-elsewhere')

    expect(storage.readValue('token')).toBe('from-elsewhere')
  })

  it('keeps tab-scoped values in sessionStorage', () => {
    storage.writeSessionValue('return-to', '/hospital-x/pagos')

    expect(storage.readSessionValue('return-to')).toBe('/hospital-x/pagos')
    expect(sessionStorage.getItem('return-to')).toBe('/hospital-x/pagos')
    expect(localStorage.getItem('return-to')).toBeNull()
  })

  it('clearUserStorage empties localStorage and sessionStorage entirely', () => {
    for (const key of KEYS) storage.writeValue(key, 'x')
    localStorage.setItem('something-else', 'y')
    storage.writeSessionValue('draft', 'z')

    storage.clearUserStorage()

    expect(localStorage).toHaveLength(0)
    expect(sessionStorage).toHaveLength(0)
    for (const key of KEYS) expect(storage.readValue(key)).toBeNull()
    expect(storage.readSessionValue('draft')).toBeNull()
  })
})

describe('when storage refuses', () => {
  it('keeps a write refused for quota in memory, and prefers it to the stale stored value', () => {
    localStorage.setItem('token', 'stale')
    refuse('setItem', quotaExceeded())

    expect(() => {
      storage.writeValue('token', 'fresh')
    }).not.toThrow()

    expect(storage.readValue('token')).toBe('fresh')
  })

  it('hides a value whose removal was refused', () => {
    localStorage.setItem('logo', 'https://cdn.example/logo.png')
    refuse('removeItem', securityError())

    storage.removeValue('logo')

    expect(storage.readValue('logo')).toBeNull()
  })

  it('reads null when getItem throws', () => {
    refuse('getItem', securityError())

    expect(storage.readValue('tenant')).toBeNull()
    expect(storage.readSessionValue('anything')).toBeNull()
  })

  it('persists again once storage accepts writes, and reads the stored value', () => {
    const setItem = refuse('setItem', quotaExceeded())
    storage.writeValue('tenant', 'hospital-x')
    setItem.mockRestore()

    storage.writeValue('tenant', 'clinica-norte')

    expect(localStorage.getItem('tenant')).toBe('clinica-norte')
    expect(storage.readValue('tenant')).toBe('clinica-norte')
  })

  it.each([
    [
      'every Storage method throws',
      () => {
        for (const method of ['getItem', 'setItem', 'removeItem', 'clear'] as const) {
          refuse(method, securityError())
        }
      },
    ],
    ['accessing localStorage throws (SecurityError)', makeStorageInaccessible],
  ])('keeps the app working in memory when %s', (_, breakStorage) => {
    breakStorage()

    for (const key of KEYS) {
      storage.writeValue(key, `memory ${key}`)
      expect(storage.readValue(key)).toBe(`memory ${key}`)
    }
    storage.removeValue('logo')
    expect(storage.readValue('logo')).toBeNull()
    expect(storage.readValue('tenant')).toBe('memory tenant')

    storage.writeSessionValue('draft', 'kept in memory')
    expect(storage.readSessionValue('draft')).toBe('kept in memory')

    expect(() => {
      storage.clearUserStorage()
    }).not.toThrow()
    for (const key of KEYS) expect(storage.readValue(key)).toBeNull()
    expect(storage.readSessionValue('draft')).toBeNull()
  })

  it('clearUserStorage drops memory copies and the stored values when only setItem fails', () => {
    localStorage.setItem('tenant', 'hospital-x')
    sessionStorage.setItem('draft', 'stored')
    refuse('setItem', quotaExceeded())
    storage.writeValue('token', 'in-memory-token')
    storage.writeSessionValue('draft', 'in-memory-draft')

    storage.clearUserStorage()

    expect(storage.readValue('token')).toBeNull()
    expect(storage.readValue('tenant')).toBeNull()
    expect(storage.readSessionValue('draft')).toBeNull()
    expect(localStorage).toHaveLength(0)
    expect(sessionStorage).toHaveLength(0)
  })

  it('clearUserStorage never reads a wiped token back when clear() itself is refused', () => {
    localStorage.setItem('token', 'old-session')
    localStorage.setItem('tenant', 'hospital-x')
    sessionStorage.setItem('draft', 'old draft')
    refuse('clear', securityError())

    storage.clearUserStorage()

    expect(storage.readValue('token')).toBeNull()
    expect(storage.readValue('tenant')).toBeNull()
    expect(storage.readSessionValue('draft')).toBeNull()
  })

  it('signs in again after a refused wipe', () => {
    localStorage.setItem('token', 'old-session')
    const clear = refuse('clear', securityError())
    storage.clearUserStorage()
    clear.mockRestore()

    storage.writeValue('token', 'new-session')

    expect(storage.readValue('token')).toBe('new-session')
  })
})

describe('subscribeToTokenChanges', () => {
  function storageEvent(key: string | null) {
    window.dispatchEvent(new StorageEvent('storage', { key }))
  }

  it('reports the current token when another tab changes it', () => {
    const listener = vi.fn()
    storage.subscribeToTokenChanges(listener)
    localStorage.setItem('token', 'signed-in-elsewhere')

    storageEvent('token')

    expect(listener).toHaveBeenCalledExactlyOnceWith('signed-in-elsewhere')
  })

  it('reports null when another tab clears the whole storage (key null)', () => {
    const listener = vi.fn()
    storage.subscribeToTokenChanges(listener)

    storageEvent(null)

    expect(listener).toHaveBeenCalledExactlyOnceWith(null)
  })

  it.each(['tenant', 'logo', 'refresh', 'tokenX'])('ignores changes to %s', (key) => {
    const listener = vi.fn()
    storage.subscribeToTokenChanges(listener)

    storageEvent(key)

    expect(listener).not.toHaveBeenCalled()
  })

  it('stops reporting once unsubscribed', () => {
    const listener = vi.fn()
    const unsubscribe = storage.subscribeToTokenChanges(listener)

    unsubscribe()
    storageEvent('token')
    storageEvent(null)

    expect(listener).not.toHaveBeenCalled()
  })
})
