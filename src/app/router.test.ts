/**
 * The app's real route tree and router, driven the way the page drives them (only `fetch`, the
 * caches and the clock are faked): who is signed in is the router's loader data, read again
 * because an action ran, the app asked it to, or the last read is over a minute old.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeCacheStorage } from '../lib/testing/fake-cache-storage'
import type { TenantRouteData } from './tenant-route'
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

const HOSPITALS: Record<string, Partial<typeof HOSPITAL>> = {
  'hospital-central': {},
  'clinica-norte': { tenant: 'clinica-norte', nombre: 'Clínica Norte', color_primario: '#7c2d12' },
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
  const data = router.state.loaderData.tenant as TenantRouteData | undefined
  if (!data) throw new Error('no tenant layout data')
  return data.session
}

/** Starts the app's router at `path`, from start-up's data and wired to the session's events, as the page does. */
async function startAt(path: string, { hydrate = false } = {}) {
  window.history.replaceState(null, '', path)
  const { createAppRouter, routes } = await import('./router')
  const { connectSessionEvents } = await import('./session-events')
  const { prepareHydration } = await import('./hydration')
  const { startTenant } = await import('./tenant-route')
  // As the page starts: the hospital route's first answer comes from start-up.
  const { loaderData } = startTenant(window.location, document)
  const hydrationData = hydrate ? await prepareHydration(routes, window.location, loaderData) : null
  router = createAppRouter(hydrationData ?? { loaderData })
  const { keepScreenCurrent } = await import('./keep-screen-current')
  const stopSessionEvents = connectSessionEvents(router)
  const stopKeeping = keepScreenCurrent(router)
  disconnect = () => {
    stopSessionEvents()
    stopKeeping()
  }
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
    if (path === '/api/hospitales') {
      const url = new URL(
        input instanceof Request ? input.url : input.toString(),
        'http://localhost',
      )
      const tenant = url.searchParams.get('tenant') ?? ''
      return Promise.resolve(json([{ ...HOSPITAL, ...HOSPITALS[tenant] }]))
    }
    if (path === '/api/me') {
      const answer = meAnswers.shift()
      return Promise.resolve(answer ? answer() : json(USER))
    }
    // The connection monitor's probe, once something listens to it.
    if (path === '/api/health') return Promise.resolve(json({ ok: true }))
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
    // The branding was asked for once, behind the first screen; the router loaded nothing again.
    await vi.waitFor(() => {
      expect(callsTo('/api/hospitales')).toBe(1)
    })
    await settled()
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

describe('the branding in the router', () => {
  function shownBranding() {
    return (router.state.loaderData.tenant as TenantRouteData | undefined)?.branding
  }

  it('every navigation asks for the branding again, keeping the session it read', async () => {
    localStorage.setItem('token', 'valid')
    await startAt('/hospital-central/cliente')
    await vi.waitFor(() => {
      expect(shownBranding()?.nombre).toBe('Hospital Central')
    })
    const session = await shownSession()
    expect(callsTo('/api/hospitales')).toBe(1)

    await router.navigate('/hospital-central/directorio')
    await settled()

    await vi.waitFor(() => {
      expect(callsTo('/api/hospitales')).toBe(2)
    })
    expect(callsTo('/api/me')).toBe(1)
    expect(await shownSession()).toBe(session)
  })

  it('a branding learnt between navigations shows at once, with nothing fetched', async () => {
    await startAt('/hospital-central/login', { hydrate: true })
    await vi.waitFor(() => {
      expect(shownBranding()?.nombre).toBe('Hospital Central')
    })
    await settled()
    const calls = fetchMock.mock.calls.length
    const session = (router.state.loaderData.tenant as TenantRouteData).session
    const { keepBranding } = await import('../features/tenant/known-branding')
    const current = shownBranding()
    if (!current) throw new Error('no branding shown')

    // What the worker's message or a reconnect brings.
    keepBranding('hospital-central', { ...current, nombre: 'Hospital Central Renovado' })

    await vi.waitFor(() => {
      expect(shownBranding()?.nombre).toBe('Hospital Central Renovado')
    })
    await settled()
    expect(fetchMock.mock.calls.length).toBe(calls)
    expect((router.state.loaderData.tenant as TenantRouteData).session).toBe(session)
    expect(router.state.location.pathname).toBe('/hospital-central/login')
  })

  it("another hospital starts from the defaults, never the previous one's, until its own arrives", async () => {
    await startAt('/hospital-central/login')
    await vi.waitFor(() => {
      expect(shownBranding()?.nombre).toBe('Hospital Central')
    })

    // What the router shows on each change once the URL is Norte's.
    const shownForNorte: (string | null | undefined)[] = []
    const stop = router.subscribe((state) => {
      if (state.location.pathname !== '/clinica-norte/login') return
      shownForNorte.push(
        (state.loaderData.tenant as TenantRouteData | undefined)?.branding?.nombre ?? null,
      )
    })
    await router.navigate('/clinica-norte/login')
    await settled()
    await vi.waitFor(() => {
      expect(shownBranding()?.nombre).toBe('Clínica Norte')
    })
    stop()

    expect(shownForNorte[0]).toBeNull()
    expect(shownForNorte).not.toContain('Hospital Central')
  })

  it('a hospital whose branding could not load (started offline) gets it once the API is back', async () => {
    const down = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    const answer = fetchMock.getMockImplementation()
    fetchMock.mockImplementation((input, init) =>
      pathOf(input) === '/api/hospitales' ? down() : (answer?.(input, init) ?? down()),
    )
    await startAt('/hospital-central/login')
    await vi.waitFor(() => {
      expect(down).toHaveBeenCalled()
    })
    const { reportApiReachable } = await import('../features/pwa/connection/connection-status')
    expect(shownBranding()).toBeNull()

    if (answer) fetchMock.mockImplementation(answer)
    reportApiReachable()

    await vi.waitFor(() => {
      expect(shownBranding()?.nombre).toBe('Hospital Central')
    })
    expect(router.state.location.pathname).toBe('/hospital-central/login')
  })
})
