/**
 * The app's reaction to a lost session, through the real API client (only `fetch` is faked):
 * however many calls fail at once, one wipe, one navigation, every caller told, and nothing of
 * the user left in the page's cache.
 */
import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_QUERY_KEY } from '../features/auth/session-query'
import { brandingQuery } from '../features/tenant/branding-query'
import { FakeCacheStorage } from '../lib/testing/fake-cache-storage'
import type * as ApiModule from '../lib/api'
import type { AppRouter } from './router'

let api: (typeof ApiModule)['api']
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>
let cacheStorage: FakeCacheStorage
let router: {
  navigate: ReturnType<typeof vi.fn>
  state: { location: { pathname: string; search: string } }
}
let client: QueryClient

// The session ended: the sign-in replaces the screen.
const REPLACE = { replace: true }

const CONSULTATION_KEY = ['asistencias', 'a1']
const CENTRAL_BRANDING = {
  tenant: 'hospital-central',
  nombre: 'Hospital Central',
  colors: { primario: '#1d4ed8', secundario: '#0f766e' },
  logoUrl: null,
}

function isSessionBeingReadAgain(): boolean {
  return client.getQueryState(SESSION_QUERY_KEY)?.isInvalidated === true
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function deferred() {
  let resolve: (response: Response) => void = () => undefined
  const promise = new Promise<Response>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

beforeEach(async () => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
  cacheStorage = new FakeCacheStorage(['clinica-pwa-branding-v1', 'clinica-pwa-user-v1'])
  vi.stubGlobal('caches', cacheStorage.asCacheStorage())
  router = {
    navigate: vi.fn(() => Promise.resolve()),
    state: { location: { pathname: '/hospital-central/cliente', search: '' } },
  }
  vi.resetModules()
  const { connectSessionEvents } = await import('./session-events')
  api = (await import('../lib/api')).api
  client = new QueryClient()
  // What a signed-in screen holds: the user, a consultation, the hospital's branding.
  client.setQueryData(SESSION_QUERY_KEY, { status: 'verified', user: { nombre: 'Lucía' } })
  client.setQueryData(CONSULTATION_KEY, { motivo: 'Dolor de cabeza desde el lunes' })
  client.setQueryData(brandingQuery('hospital-central').queryKey, CENTRAL_BRANDING as never)
  connectSessionEvents(router as unknown as AppRouter, client)
})

describe('a 401 from the API', () => {
  it('ten at once: one wipe, one navigation to /login, every caller rejected', async () => {
    localStorage.setItem('token', 'expired')
    localStorage.setItem('tenant', 'hospital-central')
    sessionStorage.setItem('borrador', 'x')
    fetchMock.mockImplementation(() =>
      Promise.resolve(json({ error: 'token_expired', message: 'La sesión ha caducado.' }, 401)),
    )
    const keys = vi.spyOn(cacheStorage, 'keys')

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => api.request('/api/me')),
    )

    expect(results.map((result) => result.status)).toEqual(Array(10).fill('rejected'))
    for (const result of results) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        name: 'UnauthorizedError',
        status: 401,
        code: 'token_expired',
      })
    }
    // The 401 reaction's /login (docs/api-requests.md), with the way back in the URL: the hospital
    // and the screen left. The tenant is wiped: the routing rules make it `main`'s, and the
    // router reads the (now absent) session again on the way.
    expect(router.navigate).toHaveBeenCalledExactlyOnceWith(
      '/main/login?caducada=1&centro=hospital-central&volver=%2Fhospital-central%2Fcliente',
      REPLACE,
    )
    await vi.waitFor(() => {
      expect(keys).toHaveBeenCalledOnce()
    })
    expect(Object.keys(localStorage)).toEqual(['fin-de-sesion'])
    expect(sessionStorage).toHaveLength(0)
    expect(await cacheStorage.keys()).toEqual(['clinica-pwa-branding-v1'])
    // Health data leaves memory too; the public branding stays for the sign-in screen.
    expect(client.getQueryData(CONSULTATION_KEY)).toBeUndefined()
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ status: 'signed-out' })
    expect(client.getQueryData(brandingQuery('hospital-central').queryKey)).toEqual(
      CENTRAL_BRANDING,
    )
  })

  it('a wrong password at sign-in neither wipes nor navigates', async () => {
    localStorage.setItem('tenant', 'hospital-central')
    fetchMock.mockResolvedValue(json({ error: 'invalid_credentials' }, 401))
    const { signIn } = await import('../features/auth/session')

    await expect(
      signIn({ email: 'demo@hospital-central.es', password: 'mal', tenant: 'hospital-central' }),
    ).rejects.toMatchObject({ status: 401 })

    expect(router.navigate).not.toHaveBeenCalled()
    expect(localStorage.getItem('tenant')).toBe('hospital-central')
    expect(client.getQueryData(CONSULTATION_KEY)).toBeDefined()
  })

  it.each([
    ['an expired token', 'expired-token'],
    ['no token', null],
  ])(
    'a 401 to a call sent with %s, arriving after a new sign-in, keeps the new session',
    async (_, oldToken) => {
      if (oldToken !== null) localStorage.setItem('token', oldToken)
      localStorage.setItem('tenant', 'hospital-central')
      const oldCall = deferred()
      fetchMock.mockImplementation((url) =>
        (url instanceof Request ? url.url : url.toString()).endsWith('/api/auth/login')
          ? Promise.resolve(
              json({
                token: 'new-token',
                user: { nombre: 'Lucía', rol: 'cliente', tenant: 'hospital-central' },
              }),
            )
          : oldCall.promise,
      )
      const { signIn } = await import('../features/auth/session')

      const pending = api.request('/api/hospitales?tenant=hospital-central')
      await signIn({ email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'main' })
      oldCall.resolve(json({ error: 'invalid_token' }, 401))

      await expect(pending).rejects.toMatchObject({ name: 'UnauthorizedError' })
      expect(router.navigate).not.toHaveBeenCalled()
      expect(localStorage.getItem('token')).toBe('new-token')
      expect(localStorage.getItem('tenant')).toBe('hospital-central')
    },
  )

  it.each([
    ['password_changed', 'contrasena-cambiada'],
    ['account_disabled', 'cuenta-desactivada'],
    ['hospital_disabled', 'centro-desactivado'],
  ])(
    'a 401 %s says so on the sign-in screen, not that the session expired',
    async (code, reason) => {
      localStorage.setItem('token', 'of-a-disabled-account')
      fetchMock.mockResolvedValue(json({ error: code }, 401))

      await api.request('/api/me').catch(() => undefined)

      expect(router.navigate).toHaveBeenCalledExactlyOnceWith(
        `/main/login?caducada=1&centro=hospital-central&volver=%2Fhospital-central%2Fcliente&motivo=${reason}`,
        REPLACE,
      )
    },
  )

  it('a 401 for the new session after all is handled again', async () => {
    localStorage.setItem('token', 'first')
    fetchMock.mockResolvedValue(json({ error: 'invalid_token' }, 401))
    await api.request('/api/me').catch(() => undefined)
    localStorage.setItem('token', 'second')

    await api.request('/api/me').catch(() => undefined)

    expect(router.navigate).toHaveBeenCalledTimes(2)
  })
})

describe('another tab', () => {
  function storageEvent(key: string | null) {
    window.dispatchEvent(new StorageEvent('storage', { key }))
  }

  it('was wiped (everything gone): this tab goes to /login too, saying why and the way back', () => {
    storageEvent(null)

    expect(router.navigate).toHaveBeenCalledExactlyOnceWith(
      '/main/login?caducada=1&centro=hospital-central&volver=%2Fhospital-central%2Fcliente',
      REPLACE,
    )
    expect(client.getQueryData(CONSULTATION_KEY)).toBeUndefined()
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ status: 'signed-out' })
  })

  it.each([
    ['was wiped', null],
    ['signed out', 'token'],
  ])('%s: this tab clears its own sessionStorage too', (_, key) => {
    sessionStorage.setItem('borrador-consulta', 'Dolor de cabeza desde el lunes')
    storageEvent(key)

    expect(sessionStorage.length).toBe(0)
  })

  it('signed in: this tab keeps its sessionStorage', () => {
    sessionStorage.setItem('borrador-consulta', 'Dolor de cabeza desde el lunes')
    localStorage.setItem('token', 'from-the-other-tab')
    storageEvent('token')

    expect(sessionStorage.getItem('borrador-consulta')).toBe('Dolor de cabeza desde el lunes')
  })

  it("signed out (tenant kept): this tab goes to its own hospital's login", () => {
    localStorage.setItem('tenant', 'clinica-norte')
    storageEvent('token')

    expect(router.navigate).toHaveBeenCalledExactlyOnceWith('/hospital-central/login', REPLACE)
  })

  it('signed in: this tab reads the session again', () => {
    localStorage.setItem('token', 'from-the-other-tab')
    storageEvent('token')

    expect(isSessionBeingReadAgain()).toBe(true)
    expect(router.navigate).not.toHaveBeenCalled()
  })

  it('changed its tenant: this tab does nothing', () => {
    localStorage.setItem('tenant', 'clinica-sol')
    storageEvent('tenant')

    expect(router.navigate).not.toHaveBeenCalled()
    expect(isSessionBeingReadAgain()).toBe(false)
    expect(client.getQueryData(CONSULTATION_KEY)).toBeDefined()
  })
})

describe('the back/forward cache', () => {
  it('a page restored from it reads the session again', () => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))

    expect(isSessionBeingReadAgain()).toBe(true)
  })

  it('a normal load does not read it twice', () => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }))

    expect(isSessionBeingReadAgain()).toBe(false)
  })
})
