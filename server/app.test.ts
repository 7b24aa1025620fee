import { afterEach, describe, expect, it } from 'vitest'
import type { AppDatabase } from './database/schema.js'
import { createTestApp, type TestApp } from './testing/test-app.js'
import { createTestDatabase } from './testing/test-database.js'
import { DOCUMENT_ONLY_HEADERS } from './http/security-headers.js'

let testApp: TestApp | undefined
let db: AppDatabase | undefined

afterEach(async () => {
  await testApp?.close()
  await db?.destroy()
  testApp = undefined
  db = undefined
})

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  testApp = await createTestApp(options)
  return testApp.app
}

const NAVIGATION = 'text/html'

function cspDirectives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  )
}

describe('GET /api/health', () => {
  it('answers { ok: true }, never cached', async () => {
    const app = await start()
    const response = await app.inject({ method: 'GET', url: '/api/health?t=123' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({ ok: true })
  })
})

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/desconocido'],
    ['GET', '/api'],
    ['POST', '/api/hospitales'],
    ['DELETE', '/api/me'],
    ['GET', '/api/auth/login'],
  ] as const)('%s %s answers a JSON 404', async (method, url) => {
    const app = await start()
    const response = await app.inject({ method, url })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.json()).toEqual({
      error: 'not_found',
      message: 'No se ha encontrado el recurso solicitado.',
    })
  })

  it('answers an undecodable URL with a 400, security headers included', async () => {
    const app = await start()
    const response = await app.inject({ method: 'GET', url: '/%E0%A4%A/manifest.webmanifest' })
    expect(response.statusCode).toBe(400)
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['content-security-policy']).toContain("script-src 'self'")
  })
})

describe('internal failures', () => {
  it('answer a generic JSON 500 without a stack trace or internal detail', async () => {
    db = await createTestDatabase()
    const app = await start({ database: db })
    await db.destroy() // every query now throws inside the route
    const response = await app.inject({ method: 'GET', url: '/api/hospitales?tenant=clinica-sol' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      error: 'internal_error',
      message: 'Se ha producido un error interno. Inténtalo de nuevo más tarde.',
    })
    expect(response.body).not.toMatch(/stack|database|sqlite|pool|\.ts|at /i)
    db = undefined
  })

  it('answer a sign-in failure the same way', async () => {
    db = await createTestDatabase()
    const app = await start({ database: db })
    await db.destroy()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'main' },
    })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ error: 'internal_error' })
    db = undefined
  })
})

describe('security headers', () => {
  const samples: [string, string, string][] = [
    ['an API answer', '/api/hospitales?tenant=hospital-central', '*/*'],
    ['an API error', '/api/desconocido', '*/*'],
    ['a static file', '/robots.txt', '*/*'],
    ['the HTML shell', '/hospital-central/login', NAVIGATION],
    ['a missing file', '/nada.png', '*/*'],
    ['a manifest', '/main/manifest.webmanifest', '*/*'],
    ['a logo', '/logos/clinica-sol.png', '*/*'],
  ]

  it.each(samples)('are on %s', async (_case, url, accept) => {
    const app = await start()
    const response = await app.inject({ method: 'GET', url, headers: { accept } })
    const csp = cspDirectives(response.headers['content-security-policy'])
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('script-src')).toEqual(["'self'"])
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(csp.get('img-src')).toEqual(["'self'", 'https:', 'data:', 'blob:'])
    expect(csp.get('connect-src')).toEqual(["'self'"])
    expect(csp.get('manifest-src')).toEqual(["'self'"])
    expect(csp.get('worker-src')).toEqual(["'self'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    expect(csp.get('form-action')).toEqual(["'none'"])
    expect(csp.has('upgrade-insecure-requests')).toBe(false)
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    // Calls use the camera and microphone; nobody but the app's own origin may ask for them.
    expect(response.headers['permissions-policy']).toBe('camera=(self), microphone=(self)')
    expect(response.headers['strict-transport-security']).toBeUndefined()
    expect(response.headers['x-powered-by']).toBeUndefined()
  })

  it('leave only the subresource ones on a hashed asset', async () => {
    const app = await start()
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin')
    for (const name of DOCUMENT_ONLY_HEADERS) expect(response.headers[name]).toBeUndefined()
  })

  it('give the service worker its own: logos on any https host, the API, nothing more', async () => {
    const app = await start({ apiBaseUrl: 'https://api.example.com/v1' })
    const response = await app.inject({ method: 'GET', url: '/sw.js' })
    expect(response.statusCode).toBe(200)
    const csp = cspDirectives(response.headers['content-security-policy'])
    // The worker fetches what the page shows, under this CSP, not the page's.
    expect(csp.get('connect-src')).toEqual(["'self'", 'https:', 'https://api.example.com'])
    expect(csp.get('script-src')).toEqual(["'self'"])
    expect(csp.get('default-src')).toEqual(["'self'"])
    // The page keeps its strict one.
    const page = await app.inject({ method: 'GET', url: '/robots.txt' })
    expect(cspDirectives(page.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
    ])
  })

  it('allow images from an API origin served over http (local development)', async () => {
    const app = await start({ apiBaseUrl: 'http://127.0.0.1:8080' })
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    const csp = cspDirectives(response.headers['content-security-policy'])
    expect(csp.get('img-src')).toContain('http://127.0.0.1:8080')
    expect(csp.get('img-src')).not.toContain('http:')
  })

  it('allow connections to the API origin when API_BASE_URL points elsewhere', async () => {
    const app = await start({ apiBaseUrl: 'https://api.example.com/v1' })
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    const csp = cspDirectives(response.headers['content-security-policy'])
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.example.com'])
    expect(csp.get('script-src')).toEqual(["'self'"])
  })
})

describe('CORS for a cross-origin app (API_BASE_URL)', () => {
  it('answers the preflight of an authenticated call', async () => {
    const app = await start()
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/me',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-authorization',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.headers['access-control-allow-headers']).toMatch(/X-Authorization/i)
    expect(response.headers['access-control-allow-methods']).toMatch(/POST/)
  })

  it('allows the administration calls: PATCH with If-Match, PUT, DELETE', async () => {
    const app = await start()
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/admin/hospitales/hospital-central',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type, if-match, x-authorization',
      },
    })
    expect(response.statusCode).toBe(204)
    const methods = String(response.headers['access-control-allow-methods']).split(/,\s*/)
    expect(methods).toEqual(expect.arrayContaining(['PATCH', 'PUT', 'DELETE']))
    expect(response.headers['access-control-allow-headers']).toMatch(/If-Match/)
    const read = await app.inject({ method: 'GET', url: '/api/hospitales' })
    expect(read.headers['access-control-expose-headers']).toMatch(/ETag/)
  })

  it('leaves the preflight route out of the OpenAPI description', async () => {
    const app = await start()
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    const methods = Object.values(document.paths).flatMap((path) => Object.keys(path))
    expect(methods).not.toContain('options')
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/{'))).toEqual([])
  })

  it('lets the app read Retry-After and error bodies', async () => {
    const app = await start()
    const response = await app.inject({ method: 'GET', url: '/api/me' })
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.headers['access-control-expose-headers']).toMatch(/Retry-After/)
  })

  it('is not offered outside /api/', async () => {
    const app = await start()
    const response = await app.inject({ method: 'GET', url: '/main/manifest.webmanifest' })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('GET /api/docs', () => {
  it('serves the API reference from the OpenAPI description, under the app’s CSP', async () => {
    const docsApp = await createTestApp()
    const { app } = docsApp
    try {
      const page = await app.inject({ method: 'GET', url: '/api/docs' })
      const html =
        page.statusCode === 302
          ? await app.inject({ method: 'GET', url: String(page.headers.location) })
          : page
      expect(html.statusCode).toBe(200)
      expect(html.headers['content-type']).toMatch(/^text\/html/)
      expect(html.body).toContain('swagger-ui')
      expect(String(html.headers['content-security-policy'])).toContain("script-src 'self'")
      const spec = await app.inject({ method: 'GET', url: '/api/docs/json' })
      expect(spec.json()).toMatchObject({ info: { title: 'Clínica API' } })
      // Its own routes stay out of the description.
      const description = await app.inject({ method: 'GET', url: '/api/openapi.json' })
      expect(Object.keys(description.json<{ paths: object }>().paths).join()).not.toContain('docs')
    } finally {
      await docsApp.close()
    }
  })
})
