/**
 * The session through the real API client; only `fetch` and Cache Storage are faked. What each
 * way out of a session removes, and what it keeps, is what a shared device depends on.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeCacheStorage } from '../../lib/testing/fake-cache-storage'
import type * as ApiModule from '../../lib/api'
import type * as SessionModule from './session'

const PRECACHE = 'clinica-pwa-precache-v2-http://localhost:3000/'
const PUBLIC_CACHES = [PRECACHE, 'clinica-pwa-branding-v1', 'clinica-pwa-logos-v1']
const USER_CACHES = ['clinica-pwa-api-v1', 'clinica-pwa-user-documents']
const CREDENTIALS = { email: 'demo@hospital-central.es', password: 'x', tenant: 'hospital-central' }

let session: typeof SessionModule
let api: (typeof ApiModule)['api']
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>
let cacheStorage: FakeCacheStorage
const onUnauthorized = vi.fn()

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function seedSignedInDevice() {
  localStorage.setItem('token', 'previous-user-token')
  localStorage.setItem('tenant', 'hospital-central')
  localStorage.setItem('logo', '/logos/hospital-central.png')
  localStorage.setItem('refresh', '1')
  sessionStorage.setItem('borrador', 'datos del paciente anterior')
}

beforeEach(async () => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
  cacheStorage = new FakeCacheStorage([...PUBLIC_CACHES, ...USER_CACHES])
  vi.stubGlobal('caches', cacheStorage.asCacheStorage())
  onUnauthorized.mockReset()
  vi.resetModules()
  session = await import('./session')
  api = (await import('../../lib/api')).api
  api.setEventHandlers({ onUnauthorized })
})

describe('signIn', () => {
  it('stores the token and returns the user', async () => {
    fetchMock.mockResolvedValue(
      json({
        token: 'new-token',
        user: { nombre: 'Lucía Martín', rol: 'cliente', tenant: CREDENTIALS.tenant },
      }),
    )

    await expect(session.signIn(CREDENTIALS)).resolves.toEqual({
      nombre: 'Lucía Martín',
      rol: 'cliente',
      tenant: CREDENTIALS.tenant,
    })

    expect(localStorage.getItem('token')).toBe('new-token')
  })

  it('returns the hospital the account belongs to, signed in through the portal', async () => {
    fetchMock.mockResolvedValue(
      json({
        token: 'new-token',
        user: { nombre: 'Lucía Martín', rol: 'cliente', tenant: 'clinica-norte' },
      }),
    )

    const user = await session.signIn({ ...CREDENTIALS, tenant: 'main' })

    expect(user.tenant).toBe('clinica-norte')
  })

  it('a wrong password rejects with a 401 and wipes nothing', async () => {
    seedSignedInDevice()
    fetchMock.mockResolvedValue(json({ error: 'invalid_credentials' }, 401))

    const error: unknown = await session.signIn(CREDENTIALS).catch((caught: unknown) => caught)

    expect(error).toMatchObject({ name: 'ApiError', status: 401, code: 'invalid_credentials' })
    expect(onUnauthorized).not.toHaveBeenCalled()
    expect(localStorage.getItem('token')).toBe('previous-user-token')
    expect(localStorage.getItem('tenant')).toBe('hospital-central')
    expect(sessionStorage.getItem('borrador')).not.toBeNull()
    expect(await cacheStorage.keys()).toHaveLength(PUBLIC_CACHES.length + USER_CACHES.length)
  })

  it.each([
    ['no token', { user: { nombre: 'Ana', rol: 'cliente' } }],
    ['an empty token', { token: '', user: { nombre: 'Ana', rol: 'cliente' } }],
    ['a numeric token', { token: 42, user: { nombre: 'Ana', rol: 'cliente' } }],
    ['no user', { token: 'abc' }],
    ['a user without rol', { token: 'abc', user: { nombre: 'Ana' } }],
    ['an array', [{ token: 'abc' }]],
  ])('stores nothing when the answer has %s', async (_, body) => {
    fetchMock.mockResolvedValue(json(body))

    await expect(session.signIn(CREDENTIALS)).rejects.toMatchObject({
      name: 'InvalidResponseError',
    })

    expect(localStorage.getItem('token')).toBeNull()
  })

  it('stores nothing when sign-in is rate limited', async () => {
    fetchMock.mockResolvedValue(json({ error: 'rate_limited' }, 429))

    await expect(session.signIn(CREDENTIALS)).rejects.toMatchObject({ status: 429 })

    expect(localStorage.getItem('token')).toBeNull()
    expect(onUnauthorized).not.toHaveBeenCalled()
  })
})

describe('fetchCurrentUser', () => {
  it('asks nothing without a token', async () => {
    await expect(session.fetchCurrentUser()).resolves.toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('runs the 401 reaction for a stale token and rejects', async () => {
    localStorage.setItem('token', 'stale')
    fetchMock.mockResolvedValue(json({ error: 'token_expired' }, 401))

    await expect(session.fetchCurrentUser()).rejects.toMatchObject({ name: 'UnauthorizedError' })

    expect(onUnauthorized).toHaveBeenCalledOnce()
  })
})

describe('readSession: three states, told honestly', () => {
  it('nobody signed in without a token, and nothing is asked', async () => {
    await expect(session.readSession()).resolves.toEqual({ status: 'signed-out' })
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('verified when the API confirms the token', async () => {
    localStorage.setItem('token', 'token')
    fetchMock.mockResolvedValue(
      json({
        nombre: 'Lucía',
        rol: 'cliente',
        tenant: 'hospital-central',
        terminos_pendientes: true,
      }),
    )

    await expect(session.readSession()).resolves.toEqual({
      status: 'verified',
      user: {
        nombre: 'Lucía',
        rol: 'cliente',
        tenant: 'hospital-central',
        terminos_pendientes: true,
      },
    })
  })

  it('unverified, token kept, when the API cannot be reached (offline, down)', async () => {
    localStorage.setItem('token', 'token')
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))

    await expect(session.readSession()).resolves.toEqual({ status: 'unverified' })
    expect(localStorage.getItem('token')).toBe('token')
  })

  it('signed out after a 401, which runs the 401 reaction', async () => {
    localStorage.setItem('token', 'token')
    fetchMock.mockResolvedValue(json({ error: 'token_expired', message: 'Caducada.' }, 401))

    await expect(session.readSession()).resolves.toEqual({ status: 'signed-out' })
    expect(onUnauthorized).toHaveBeenCalledOnce()
  })
})

describe('signOut (shared device)', () => {
  it("removes the token, this tab's data and user caches; keeps the hospital", async () => {
    seedSignedInDevice()

    await session.signOut()

    expect(localStorage.getItem('token')).toBeNull()
    expect(sessionStorage).toHaveLength(0)
    expect(localStorage.getItem('tenant')).toBe('hospital-central')
    expect(localStorage.getItem('logo')).toBe('/logos/hospital-central.png')
    expect((await cacheStorage.keys()).sort()).toEqual([...PUBLIC_CACHES].sort())
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('wipeSession (the 401 reaction, docs/api-requests.md)', () => {
  it('empties localStorage and sessionStorage; only the public caches survive', async () => {
    seedSignedInDevice()
    localStorage.setItem('something-else', 'x')
    // The branding store in IndexedDB is public: the wipe must not touch any database.
    const indexedDb = { open: vi.fn(), deleteDatabase: vi.fn(), databases: vi.fn() }
    vi.stubGlobal('indexedDB', indexedDb)

    await session.wipeSession()

    expect(indexedDb.deleteDatabase).not.toHaveBeenCalled()
    expect(indexedDb.open).not.toHaveBeenCalled()

    // Only the mark that a session ended, which tabs reloading meanwhile read at start-up.
    expect(Object.keys(localStorage)).toEqual(['fin-de-sesion'])
    expect(sessionStorage).toHaveLength(0)
    expect((await cacheStorage.keys()).sort()).toEqual([...PUBLIC_CACHES].sort())
  })

  it('keeps a kiosk a kiosk, and a shared device shared, for the next person', async () => {
    seedSignedInDevice()
    localStorage.setItem('modo-kiosco', '1')

    await session.wipeSession()

    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('modo-kiosco')).toBe('1')
    // The kiosk's sign-out rule comes from kiosk mode itself, not from a copied setting.
    expect(localStorage.getItem('dispositivo-compartido')).toBeNull()
  })

  it('still empties storage when Cache Storage refuses', async () => {
    seedSignedInDevice()
    vi.spyOn(cacheStorage, 'keys').mockRejectedValue(new DOMException('denied', 'SecurityError'))

    await expect(session.wipeSession()).resolves.toBeUndefined()

    expect(Object.keys(localStorage)).toEqual(['fin-de-sesion'])
    expect(localStorage.getItem('token')).toBeNull()
  })
})

describe('a session ended in another tab while this one reloaded', () => {
  it("takes this tab's sessionStorage too, at its start-up", () => {
    session.catchUpWithSessionEnds()
    seedSignedInDevice()
    // Another tab meets a 401: its wipe leaves the mark; this tab, reloading, hears no event.
    localStorage.clear()
    localStorage.setItem('fin-de-sesion', 'a-session-ended-elsewhere')

    session.catchUpWithSessionEnds()

    expect(sessionStorage.getItem('borrador')).toBeNull()
    // Reloading again forgets nothing more.
    sessionStorage.setItem('borrador', 'escrito después')
    session.catchUpWithSessionEnds()
    expect(sessionStorage.getItem('borrador')).toBe('escrito después')
  })

  it('keeps it when no session ended, and when this tab ended it itself', async () => {
    session.catchUpWithSessionEnds()
    seedSignedInDevice()
    session.catchUpWithSessionEnds()
    expect(sessionStorage.getItem('borrador')).toBe('datos del paciente anterior')

    await session.wipeSession()
    sessionStorage.setItem('borrador', 'de la sesión siguiente')
    session.catchUpWithSessionEnds()
    expect(sessionStorage.getItem('borrador')).toBe('de la sesión siguiente')
  })

  it('also after a sign-out in another tab', async () => {
    session.catchUpWithSessionEnds()
    seedSignedInDevice()
    const ownTabStorage: Record<string, string> = Object.fromEntries(Object.entries(sessionStorage))
    await session.signOut()
    // Stands for this tab, reloading: its own sessionStorage is untouched by the other tab.
    for (const [key, value] of Object.entries(ownTabStorage)) sessionStorage.setItem(key, value)

    session.catchUpWithSessionEnds()

    expect(sessionStorage.getItem('borrador')).toBeNull()
  })
})

describe('belongsToOtherHospital', () => {
  const patientOfCentral = {
    nombre: 'Lucía',
    rol: 'cliente' as const,
    tenant: 'hospital-central',
    terminos_pendientes: false,
  }

  it.each([
    ['clinica-norte', true],
    ['hospital-central', false],
    // The product's own portal takes any account.
    ['main', false],
  ])('a patient of hospital-central on %s → %s', (tenant, expected) => {
    expect(session.belongsToOtherHospital(patientOfCentral, tenant)).toBe(expected)
  })

  it('never claims another hospital when the API named none', () => {
    expect(
      session.belongsToOtherHospital({ ...patientOfCentral, tenant: '' }, 'clinica-norte'),
    ).toBe(false)
  })
})
