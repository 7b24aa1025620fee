/**
 * Defects 2 and 3 of hostile testing: a percent-encoded `/api/` (`/%61pi/…`) is the API for
 * every check, exactly as it is for the router, so it never gets the HTML shell and never
 * answers user data without the API's `no-store` and CORS headers.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { decodedPathOf, firstSegmentOf, isApiUrl } from './request-path.js'
import { createTestApp, TEST_INDEX_HTML, type TestApp } from '../testing/test-app.js'

const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }

let testApp: TestApp | undefined

afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

async function start() {
  testApp = await createTestApp()
  return testApp.app
}

describe('reading a request path', () => {
  it.each([
    ['/api/me', true],
    ['/%61pi/me', true],
    ['/%61%70%69/hospitales?tenant=x', true],
    ['/api', true],
    ['/apix/me', false],
    ['/hospital-central/api/me', false],
    ['/%E0%A4%A/api', false],
  ])('isApiUrl(%s) is %s', (url, expected) => {
    expect(isApiUrl(url)).toBe(expected)
  })

  it('decodes once and keeps an undecodable path apart', () => {
    expect(decodedPathOf('/cl%C3%ADnica-sol/login?x=%41')).toBe('/clínica-sol/login')
    expect(decodedPathOf('/%E0%A4%A/x')).toBeUndefined()
  })

  it('splits the first segment before decoding, so %2F never makes a second one', () => {
    expect(firstSegmentOf('/%61pi/x')).toBe('api')
    expect(firstSegmentOf('/hospital%2Fx/login')).toBe('hospital/x')
    expect(firstSegmentOf('/')).toBeUndefined()
    expect(firstSegmentOf('//evil.example')).toBeUndefined()
  })
})

describe('an encoded /api/ path on the server', () => {
  it('answers an unknown API path with the JSON 404, never the HTML shell', async () => {
    const app = await start()
    const response = await app.inject({
      url: '/%61pi/x',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    })

    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.body).not.toBe(TEST_INDEX_HTML)
    expect(response.json()).toMatchObject({ error: 'not_found' })
  })

  it('answers the user with no-store and the API CORS headers, however /api/ is spelled', async () => {
    const app = await start()
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO })
    const { token } = login.json<{ token: string }>()

    for (const url of ['/api/me', '/%61pi/me', '/%61%70%69/%6d%65']) {
      const response = await app.inject({
        url,
        headers: { 'x-authorization': `Bearer ${token}`, origin: 'https://otra.example' },
      })
      expect(response.statusCode, url).toBe(200)
      expect(response.json(), url).toMatchObject({ tenant: 'hospital-central' })
      expect(response.headers['cache-control'], url).toBe('no-store')
      expect(response.headers['access-control-allow-origin'], url).toBe('*')
    }
  })
})

describe('a plain GET without Accept: text/html (curl, a load balancer)', () => {
  it.each(['/', '/hospital-central/login', '/login'])('gets the app shell for %s', async (url) => {
    const app = await start()
    const response = await app.inject({ url, headers: { accept: '*/*' } })

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
  })

  it.each(['/assets/missing', '/icons/missing', '/missing.js'])(
    'still gets a 404 for a missing file: %s',
    async (url) => {
      const app = await start()
      const response = await app.inject({ url, headers: { accept: '*/*' } })

      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('<html')
    },
  )
})
