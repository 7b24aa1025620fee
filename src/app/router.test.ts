/**
 * The app's real route tree, router and cache, driven the way the page drives them (only `fetch`,
 * the caches and the clock are faked): who is signed in and the hospital's branding are the
 * cache's, read again because an action ran, the address was opened again, the session no longer
 * matches the stored token, or the last read is over a minute old.
 */
import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Branding } from '../contract/branding'
import { FakeCacheStorage } from '../lib/testing/fake-cache-storage'
import { SESSION_QUERY_KEY, sessionQuery } from '../features/auth/session-query'
import type { SessionState } from '../features/auth/session'
import { brandingQuery } from '../features/tenant/branding-query'
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
let client: QueryClient
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

/** The session the cache holds once every read under way has settled. */
async function shownSession(): Promise<SessionState | undefined> {
  await vi.waitFor(() => {
    expect(client.isFetching({ queryKey: SESSION_QUERY_KEY })).toBe(0)
  })
  return client.getQueryData(SESSION_QUERY_KEY)
}

function shownBranding(tenant = 'hospital-central'): Branding | null | undefined {
  return client.getQueryData(brandingQuery(tenant).queryKey)
}

/** Starts the app's router and cache at `path`, from start-up's data and wired as the page wires them. */
async function startAt(path: string, { hydrate = false } = {}) {
  window.history.replaceState(null, '', path)
  const { createAppRouter, createRoutes } = await import('./router')
  const { connectSessionEvents } = await import('./session-events')
  const { prepareHydration } = await import('./hydration')
  const { startTenant } = await import('./tenant-route')
  const { createAppQueryClient, followConnection } = await import('./query-client')
  const { connectionMonitor } = await import('../features/pwa/connection/connection-status')
  client = createAppQueryClient()
  followConnection(connectionMonitor)
  client.mount()
  // As the page starts: the cache seeded, the hospital route's first answer from start-up.
  const { tenant: startingTenant, loaderData } = startTenant(window.location, document, client)
  const routes = createRoutes(client, window.location.pathname + window.location.search)
  const hydrationData = hydrate ? await prepareHydration(routes, window.location, loaderData) : null
  router = createAppRouter(routes, hydrationData ?? { loaderData })
  const stopSessionEvents = connectSessionEvents(router, client)
  // As the page does once the first screen is taken over.
  const { refreshBranding } = await import('../features/tenant/branding-query')
  refreshBranding(client, startingTenant)
  // The layout shows the session and the branding of the hospital on screen.
  const tenant = path.split('/')[1] ?? 'main'
  const stopObserving = [
    new QueryObserver(client, sessionQuery()).subscribe(() => undefined),
    new QueryObserver(client, brandingQuery(tenant)).subscribe(() => undefined),
  ]
  disconnect = () => {
    stopSessionEvents()
    for (const stop of stopObserving) stop()
    client.unmount()
    client.clear()
  }
  // The first screen's code loads first (a few seconds on a busy machine).
  await vi.waitFor(
    () => {
      expect(router.state.initialized).toBe(true)
      expect(router.state.navigation.state).toBe('idle')
    },
    { timeout: 10_000 },
  )
}

async function settled() {
  await vi.waitFor(() => {
    expect(router.state.navigation.state).toBe('idle')
    expect(router.state.revalidation).toBe('idle')
    expect(client.isFetching()).toBe(0)
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
    client.setQueryData(['asistencias'], [{ motivo: 'Dolor de cabeza desde el lunes' }])

    await router.navigate('/hospital-central', { formMethod: 'post', formData: new FormData() })
    await settled()

    expect(router.state.location.pathname).toBe('/hospital-central/login')
    expect(localStorage.getItem('token')).toBeNull()
    expect(await shownSession()).toEqual({ status: 'signed-out' })
    expect(callsTo('/api/me')).toBe(1)
    // What was read for the user leaves memory with the session.
    expect(client.getQueryData(['asistencias'])).toBeUndefined()
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

describe('the branding in the cache', () => {
  it('every navigation asks for the branding again, keeping the session it read', async () => {
    localStorage.setItem('token', 'valid')
    await startAt('/hospital-central/cliente')
    await settled()
    expect(shownBranding()?.nombre).toBe('Hospital Central')
    const session = await shownSession()
    expect(callsTo('/api/hospitales')).toBe(1)

    await router.navigate('/hospital-central/directorio')
    await settled()

    expect(callsTo('/api/hospitales')).toBe(2)
    expect(callsTo('/api/me')).toBe(1)
    expect(await shownSession()).toBe(session)
  })

  it("the worker's fresher answer shows at once, with nothing fetched and nothing else read", async () => {
    await startAt('/hospital-central/login', { hydrate: true })
    await settled()
    expect(shownBranding()?.nombre).toBe('Hospital Central')
    const calls = fetchMock.mock.calls.length
    const session = await shownSession()

    const { applyBrandingAnswer } = await import('../features/tenant/branding-controller')
    applyBrandingAnswer(client, 'hospital-central', [
      { ...HOSPITAL, nombre: 'Hospital Central Renovado' },
    ])

    expect(shownBranding()?.nombre).toBe('Hospital Central Renovado')
    await settled()
    expect(fetchMock.mock.calls.length).toBe(calls)
    expect(await shownSession()).toBe(session)
    expect(router.state.location.pathname).toBe('/hospital-central/login')
  })

  it("another hospital starts from the defaults, never the previous one's, until its own arrives", async () => {
    await startAt('/hospital-central/login')
    await settled()
    expect(shownBranding()?.nombre).toBe('Hospital Central')

    // Everything the cache holds for Norte, as it changes.
    const heldForNorte: (string | null | undefined)[] = []
    const stop = client.getQueryCache().subscribe((event) => {
      const [, tenant] = event.query.queryKey as readonly unknown[]
      if (tenant !== 'clinica-norte') return
      heldForNorte.push((event.query.state.data as Branding | null | undefined)?.nombre)
    })
    await router.navigate('/clinica-norte/login')
    await settled()
    stop()

    expect(shownBranding('clinica-norte')?.nombre).toBe('Clínica Norte')
    expect(heldForNorte[0]).toBeUndefined()
    expect(heldForNorte).not.toContain('Hospital Central')
  })

  it('a hospital whose branding could not load (started offline) gets it once the API is back', async () => {
    const down = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    const answer = fetchMock.getMockImplementation()
    fetchMock.mockImplementation((input, init) =>
      pathOf(input) === '/api/hospitales' ? down() : (answer?.(input, init) ?? down()),
    )
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await startAt('/hospital-central/login')
    await settled()
    expect(down).toHaveBeenCalled()
    expect(shownBranding()).toBeUndefined()

    if (answer) fetchMock.mockImplementation(answer)
    const { reportApiReachable } = await import('../features/pwa/connection/connection-status')
    reportApiReachable()

    await vi.waitFor(() => {
      expect(shownBranding()?.nombre).toBe('Hospital Central')
    })
    expect(router.state.location.pathname).toBe('/hospital-central/login')
  })
})
