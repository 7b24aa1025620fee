/**
 * The app's real route tree and router, driven the way the page drives them (only `fetch`, the
 * caches and the clock are faked): who is signed in is the router's loader data, read again
 * because an action ran, the app asked it to, or the last read is over a minute old.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeCacheStorage } from '../lib/testing/fake-cache-storage'
import type { TenantBrandingData, TenantLayoutData } from './layouts/tenant-layout-data'
import type { AppRouter } from './router'

const USER = {
  id: 7,
  nombre: 'Lucía Pérez',
  rol: 'cliente',
  tenant: 'hospital-central',
  terminos_pendientes: false,
}
const HOSPITAL = {
  tenant: 'hospital-central',
  nombre: 'Hospital Central',
  color_primario: '#1d4ed8',
  color_secundario: '#0f766e',
  imagen: null,
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>
let meAnswers: (() => Response)[]
let router: AppRouter
let disconnect: () => void

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function pathOf(input: RequestInfo | URL): string {
  return new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost')
    .pathname
}

function callsTo(path: string): number {
  return fetchMock.mock.calls.filter(([input]) => pathOf(input) === path).length
}

/** The router's current session, once its read settles. */
async function shownSession() {
  const data = router.state.loaderData['tenant-layout'] as TenantLayoutData | undefined
  if (!data) throw new Error('no tenant layout data')
  return data.session
}

/** Starts the app's router at `path`, wired to the session's events as the page wires it. */
async function startAt(path: string, { hydrate = false } = {}) {
  window.history.replaceState(null, '', path)
  const { createAppRouter, routes } = await import('./router')
  const { connectSessionEvents } = await import('./session-events')
  const { prepareHydration } = await import('./hydration')
  const hydrationData = hydrate ? await prepareHydration(routes, window.location) : null
  router = createAppRouter(hydrationData ?? undefined)
  disconnect = connectSessionEvents(router)
  await vi.waitFor(() => {
    expect(router.state.initialized).toBe(true)
    expect(router.state.navigation.state).toBe('idle')
  })
}

async function settled() {
  await vi.waitFor(() => {
    expect(router.state.navigation.state).toBe('idle')
    expect(router.state.revalidation).toBe('idle')
  })
}

beforeEach(() => {
  meAnswers = []
  fetchMock = vi.fn<typeof fetch>((input) => {
    const path = pathOf(input)
    if (path === '/api/hospitales') return Promise.resolve(json([HOSPITAL]))
    if (path === '/api/me') {
      const answer = meAnswers.shift()
      return Promise.resolve(answer ? answer() : json(USER))
    }
    return Promise.reject(new Error(`Unexpected call to ${path}`))
  })
  vi.stubGlobal('fetch', fetchMock)
  vi.stubGlobal(
    'caches',
    new FakeCacheStorage(['clinica-pwa-branding-v1', 'clinica-pwa-user-v1']).asCacheStorage(),
  )
  vi.resetModules()
})

afterEach(() => {
  disconnect()
  router.dispose()
  vi.restoreAllMocks()
})

describe('the session in the router', () => {
  it('a cold start with a session reads it once', async () => {
    localStorage.setItem('token', 'valid')

    await startAt('/hospital-central/cliente')

    expect(await shownSession()).toEqual({ status: 'verified', user: USER })
    expect(callsTo('/api/me')).toBe(1)
  })

  it("a screen taken over from the HTML starts from the shell's data: nothing is fetched twice", async () => {
    await startAt('/hospital-central/login', { hydrate: true })
    await settled()

    expect(await shownSession()).toEqual({ status: 'signed-out' })
    // The branding was loaded once, while the data was prepared; the router loaded nothing again.
    await (router.state.loaderData['tenant-branding'] as TenantBrandingData).branding
    expect(callsTo('/api/hospitales')).toBe(1)
    expect(callsTo('/api/me')).toBe(0)
  })

  it('a 401 while reading the session ends it: the sign-in, saying so, and nobody signed in', async () => {
    localStorage.setItem('token', 'expired')
    localStorage.setItem('tenant', 'hospital-central')
    meAnswers.push(() => json({ error: 'token_expired' }, 401))

    await startAt('/hospital-central/cliente')

    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/main/login')
    })
    await settled()
    expect(new URLSearchParams(router.state.location.search).get('caducada')).toBe('1')
    expect(await shownSession()).toEqual({ status: 'signed-out' })
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('a 401 on the portal itself still shows nobody signed in on its sign-in', async () => {
    localStorage.setItem('token', 'valid')
    localStorage.setItem('tenant', 'main')
    await startAt('/main/directorio')
    expect(await shownSession()).toMatchObject({ status: 'verified' })

    meAnswers.push(() => json({ error: 'account_disabled' }, 401))
    // Any call may meet the 401; here the session's own, read again as the same URL reloads.
    await router.navigate('/main/directorio')

    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/main/login')
    })
    await settled()
    expect(await shownSession()).toEqual({ status: 'signed-out' })
  })

  it('is not read again on every screen change, but once a minute has passed', async () => {
    localStorage.setItem('token', 'valid')
    const now = vi.spyOn(Date, 'now')
    const start = Date.now()
    now.mockReturnValue(start)
    await startAt('/hospital-central/cliente')
    expect(callsTo('/api/me')).toBe(1)

    now.mockReturnValue(start + 30_000)
    await router.navigate('/hospital-central/directorio')
    await settled()
    // A screen that opens another with a query (offline, a request kept "pendiente") neither.
    await router.navigate('/hospital-central/cliente?pendiente=1')
    await settled()
    expect(callsTo('/api/me')).toBe(1)

    now.mockReturnValue(start + 61_000)
    meAnswers.push(() => json({ error: 'account_disabled' }, 401))
    await router.navigate('/hospital-central/cliente')

    // The disabled account is signed out by that navigation.
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/main/login')
    })
    expect(callsTo('/api/me')).toBe(2)
  })

  it('signing out is an action on the hospital route: the session goes, its sign-in opens', async () => {
    localStorage.setItem('token', 'valid')
    await startAt('/hospital-central/cliente')
    expect(await shownSession()).toMatchObject({ status: 'verified' })

    await router.navigate('/hospital-central', { formMethod: 'post', formData: new FormData() })
    await settled()

    expect(router.state.location.pathname).toBe('/hospital-central/login')
    expect(localStorage.getItem('token')).toBeNull()
    expect(await shownSession()).toEqual({ status: 'signed-out' })
    expect(callsTo('/api/me')).toBe(1)
  })

  it('another tab signing in makes this one read the session again', async () => {
    await startAt('/hospital-central/login')
    expect(await shownSession()).toEqual({ status: 'signed-out' })

    localStorage.setItem('token', 'from-the-other-tab')
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }))
    await settled()

    expect(await shownSession()).toMatchObject({ status: 'verified' })
  })
})
