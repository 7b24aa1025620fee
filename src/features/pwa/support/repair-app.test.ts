import { describe, expect, it, vi } from 'vitest'
import { clearUserStorage } from '../../../lib/storage'
import { FakeCacheStorage } from '../../../lib/testing/fake-cache-storage'
import { clearStorageKeepingKioskMode, repairApp, type RepairEnvironment } from './repair-app'

/** IndexedDB's factory, names only; each deletion answers as `answer` says. */
function fakeIndexedDb(names: string[], answer: 'success' | 'blocked' = 'success') {
  const existing = new Set(names)
  return {
    existing,
    deleteDatabase: vi.fn((name: string) => {
      const request = {} as IDBOpenDBRequest
      queueMicrotask(() => {
        existing.delete(name)
        if (answer === 'blocked') request.onblocked?.(new Event('blocked') as IDBVersionChangeEvent)
        else request.onsuccess?.(new Event('success'))
      })
      return request
    }),
    databases: vi.fn(() => Promise.resolve([...existing].map((name) => ({ name, version: 1 })))) as
      IDBFactory['databases'] | undefined,
  }
}

function environmentWith(overrides: Partial<RepairEnvironment> = {}) {
  const registrations = [{ unregister: vi.fn(() => Promise.resolve(true)) }]
  const caches = new FakeCacheStorage([
    'clinica-pwa-precache-v2-http://localhost/',
    'clinica-pwa-branding-v1',
    'clinica-pwa-logos-v1',
  ])
  const indexedDB = fakeIndexedDb(['clinica-pwa', 'workbox-expiration', 'otra-base'])
  const navigate = vi.fn()
  const environment: RepairEnvironment = {
    serviceWorker: {
      getRegistrations: () =>
        Promise.resolve(registrations as unknown as readonly ServiceWorkerRegistration[]),
    },
    caches: caches.asCacheStorage(),
    indexedDB,
    clearStorage: clearUserStorage,
    navigate,
    ...overrides,
  }
  return { environment, registrations, caches, indexedDB, navigate }
}

function seedDevice() {
  localStorage.setItem('token', 'secret-token')
  localStorage.setItem('tenant', 'hospital-central')
  localStorage.setItem('modo-kiosco', '1')
  localStorage.setItem('dispositivo-compartido', '1')
  sessionStorage.setItem('borrador', 'texto')
}

describe('repairApp', () => {
  it("removes the worker, every cache, every database and all Web Storage, then opens the hospital's sign-in", async () => {
    seedDevice()
    const { environment, registrations, caches, indexedDB, navigate } = environmentWith()

    await repairApp('hospital-central', environment)

    expect(registrations[0]?.unregister).toHaveBeenCalledOnce()
    expect(await caches.keys()).toEqual([])
    expect([...indexedDB.existing]).toEqual([])
    // Keeps nothing: not even the device's own settings.
    expect(localStorage).toHaveLength(0)
    expect(sessionStorage).toHaveLength(0)
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/hospital-central/login')
  })

  it('deletes the known databases where the browser cannot list them', async () => {
    const indexedDB = fakeIndexedDb(['clinica-pwa', 'workbox-expiration'])
    indexedDB.databases = undefined
    const { environment } = environmentWith({ indexedDB })

    await repairApp('clinica-sol', environment)

    expect(indexedDB.deleteDatabase.mock.calls.map(([name]) => name).sort()).toEqual([
      'clinica-pwa',
      'workbox-expiration',
    ])
  })

  it('goes on when a deletion is blocked by another tab (it completes once that tab closes)', async () => {
    const indexedDB = fakeIndexedDb(['clinica-pwa'], 'blocked')
    const { environment, navigate } = environmentWith({ indexedDB })
    await repairApp('hospital-central', environment)
    expect(navigate).toHaveBeenCalledOnce()
  })

  it('does every other part when the browser refuses one, or lacks a worker and caches', async () => {
    seedDevice()
    const refusing = environmentWith({
      serviceWorker: {
        getRegistrations: () => Promise.reject(new DOMException('no', 'SecurityError')),
      },
    })
    vi.spyOn(refusing.caches, 'keys').mockRejectedValue(new DOMException('no', 'SecurityError'))
    await repairApp('hospital-central', refusing.environment)
    expect([...refusing.indexedDB.existing]).toEqual([])
    expect(localStorage).toHaveLength(0)
    expect(refusing.navigate).toHaveBeenCalledWith('/hospital-central/login')

    seedDevice()
    const bare = environmentWith({ serviceWorker: undefined, caches: undefined })
    await repairApp('main', bare.environment)
    expect(localStorage).toHaveLength(0)
    expect(bare.navigate).toHaveBeenCalledWith('/main/login')
  })
})

describe('clearStorageKeepingKioskMode', () => {
  it('empties Web Storage but keeps a kiosk a kiosk', () => {
    localStorage.setItem('token', 'abc')
    localStorage.setItem('modo-kiosco', '1')
    sessionStorage.setItem('x', 'y')
    clearStorageKeepingKioskMode()
    expect(localStorage.getItem('token')).toBeNull()
    expect(sessionStorage.length).toBe(0)
    expect(localStorage.getItem('modo-kiosco')).toBe('1')
    clearUserStorage()
  })

  it('switches nothing on for a device that is not a kiosk', () => {
    localStorage.setItem('token', 'abc')
    clearStorageKeepingKioskMode()
    expect(localStorage.length).toBe(0)
  })
})
