/**
 * "Reparar la aplicación": for a device stuck on a broken version or a full storage, everything
 * the app keeps on it goes (worker, caches, databases, Web Storage), as if it had never been
 * opened, and the hospital's sign-in loads afresh from the network.
 */
import { keepKioskCredentialThrough } from '../../../lib/kiosk-credential'
import { paths } from '../../../config/paths'
import { BRANDING_DATABASE_NAME } from '../../../config/cache-names'
import { clearUserStorage, readValue, writeValue } from '../../../lib/storage'

/**
 * The databases the app and its worker create, for browsers without `indexedDB.databases()`
 * (Firefox before 126): the branding store, and workbox-expiration's bookkeeping of the logos.
 */
export const KNOWN_DATABASE_NAMES = [BRANDING_DATABASE_NAME, 'workbox-expiration'] as const

/** A deletion another connection blocks completes when it closes: the repair does not wait. */
const DELETE_DATABASE_WAIT_MS = 2_000

export interface RepairEnvironment {
  serviceWorker: Pick<ServiceWorkerContainer, 'getRegistrations'> | undefined
  caches: Pick<CacheStorage, 'keys' | 'delete'> | undefined
  indexedDB: Pick<IDBFactory, 'deleteDatabase'> & Partial<Pick<IDBFactory, 'databases'>>
  clearStorage: () => void
  /** A full navigation (not the router's): the page starts again with nothing in memory. */
  navigate: (url: string) => void
}

// Each step runs whatever the others do: a browser refusing one part must not keep the rest.
async function attempt(step: () => Promise<unknown>): Promise<void> {
  try {
    await step()
  } catch {
    // Nothing more can be done about that part from the page.
  }
}

function deleteDatabase(factory: RepairEnvironment['indexedDB'], name: string): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DELETE_DATABASE_WAIT_MS)
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    const request = factory.deleteDatabase(name)
    request.onsuccess = done
    request.onerror = done
    request.onblocked = done
  })
}

async function listDatabaseNames(factory: RepairEnvironment['indexedDB']): Promise<string[]> {
  const names = new Set<string>(KNOWN_DATABASE_NAMES)
  await attempt(async () => {
    const databases = (await factory.databases?.()) ?? []
    for (const { name } of databases) if (name) names.add(name)
  })
  return [...names]
}

/** Removes everything the app keeps on this device, then opens `tenant`'s sign-in afresh. */
export async function repairApp(tenant: string, environment: RepairEnvironment): Promise<void> {
  const { serviceWorker, caches, indexedDB } = environment
  // The worker first: it would otherwise refill the caches while they are being emptied.
  await attempt(async () => {
    const registrations = (await serviceWorker?.getRegistrations()) ?? []
    await Promise.all(registrations.map((registration) => registration.unregister()))
  })
  await attempt(async () => {
    if (!caches) return
    const names = await caches.keys()
    await Promise.all(names.map((name) => caches.delete(name)))
  })
  await attempt(async () => {
    const names = await listDatabaseNames(indexedDB)
    await Promise.all(names.map((name) => deleteDatabase(indexedDB, name)))
  })
  environment.clearStorage()
  environment.navigate(paths.login(tenant))
}

/**
 * Empties Web Storage but keeps kiosk mode and the kiosk's credential: a repair is offered to
 * anyone at the screen, and only an administrator signed in on the device may switch a kiosk off
 * (or a patient could leave sessions open on a public screen).
 */
export function clearStorageKeepingKioskMode(): void {
  const isKiosk = readValue('modo-kiosco') === '1'
  keepKioskCredentialThrough(clearUserStorage)
  if (isKiosk) writeValue('modo-kiosco', '1')
}

/** The browser's own environment. */
export function browserRepairEnvironment(): RepairEnvironment {
  return {
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    caches: 'caches' in globalThis ? globalThis.caches : undefined,
    indexedDB: globalThis.indexedDB,
    clearStorage: clearStorageKeepingKioskMode,
    navigate: (url) => {
      window.location.replace(url)
    },
  }
}
