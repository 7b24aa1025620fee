/** Limits and failure answers of the reference server, as an attacker or a broken client sees them. */
import { afterEach, describe, expect, it } from 'vitest'
import type { AppDatabase } from '../database/schema.js'
import { toHttpError } from './error-handler.js'
import { createTestApp, TEST_INDEX_HTML, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'

const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }

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

function login(app: TestApp['app'], payload: unknown, remoteAddress = '192.0.2.10') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress,
  })
}

describe('body size limits (413)', () => {
  it('refuses a 5 MB sign-in body before parsing it', async () => {
    const app = await start()
    const response = await login(app, { ...DEMO, password: 'x'.repeat(5 * 1024 * 1024) })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      error: 'payload_too_large',
      message: 'La solicitud es demasiado grande.',
    })
  })

  it('answers a CORS preflight without reading its body, however large', async () => {
    const app = await start()
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/me',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(20 * 1024) }),
    })
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
  })
})

describe('sign-in rate limits', () => {
  it('counts parallel attempts on one account before any hash finishes', async () => {
    const app = await start({
      loginRateLimits: {
        perIp: { max: 1000, timeWindowMs: 60_000 },
        perAccount: { max: 3, timeWindowMs: 900_000 },
      },
    })
    const guesses = Array.from({ length: 10 }, (_, index) =>
      login(app, { ...DEMO, password: `guess-${String(index)}` }, `198.51.100.${String(index)}`),
    )
    const responses = await Promise.all(guesses)
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429])
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
    }
  })

  it('counts malformed and oversized attempts against the address too', async () => {
    const app = await start({ loginRateLimits: { perIp: { max: 3, timeWindowMs: 60_000 } } })
    expect((await login(app, '{"email":')).statusCode).toBe(400)
    expect((await login(app, { nope: true })).statusCode).toBe(400)
    expect((await login(app, { ...DEMO, password: 'x'.repeat(20_000) })).statusCode).toBe(413)

    const limited = await login(app, DEMO)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('sign-in under a flood from many addresses and accounts', () => {
  it('sheds what the password-check queue cannot hold: 503 with Retry-After, at once', async () => {
    const app = await start({
      loginRateLimits: { perIp: { max: 1000 }, perAccount: { max: 1000 } },
      passwordCheckLimits: { concurrency: 1, maxWaiting: 1 },
      // A real cost (tens of ms), so all six attempts arrive while the first is still hashing.
      scryptParams: { N: 2 ** 14, r: 8, p: 1 },
    })
    const attempts = Array.from({ length: 6 }, (_, index) =>
      login(
        app,
        index % 2 === 0 ? DEMO : { ...DEMO, email: `nadie${String(index)}@hospital-central.es` },
        `203.0.113.${String(index)}`,
      ),
    )
    const responses = await Promise.all(attempts)

    const shed = responses.filter((response) => response.statusCode === 503)
    expect(shed).toHaveLength(4)
    for (const response of shed) {
      expect(response.headers['retry-after']).toBe('1')
      expect(response.json()).toEqual({
        error: 'server_busy',
        message: 'El servidor está ocupado. Inténtalo de nuevo en unos segundos.',
      })
    }
    // A refusal says nothing about the email: known and unknown ones are shed alike.
    expect(new Set(shed.map((response) => response.body)).size).toBe(1)

    // The flood over, sign-in works again.
    expect((await login(app, DEMO)).statusCode).toBe(200)
  })
})

describe('hostile tenant segments', () => {
  const hostile: [string, string][] = [
    ['markup', '<script>alert(1)</script>'],
    ['a NUL byte', '\u0000'],
    ['Unicode', 'clínica-ñ'],
    ['a right-to-left override', '\u202eevil'],
    ['SQL', "hospital-central' --"],
  ]

  it.each(hostile)(
    'verHospitales answers %s with an empty list, never an echo',
    async (_, tenant) => {
      const app = await start()
      const response = await app.inject({
        method: 'GET',
        url: `/api/hospitales?tenant=${encodeURIComponent(tenant)}`,
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.json()).toEqual([])
    },
  )

  it('sign-in with a NUL byte in the email is a wrong credential, on every engine', async () => {
    const app = await start()
    const response = await login(app, { ...DEMO, email: `${DEMO.email}\u0000` })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: 'invalid_credentials' })
  })

  it('verHospitales refuses a 1,000-character tenant with a 400 JSON error', async () => {
    const app = await start()
    const response = await app.inject({
      method: 'GET',
      url: `/api/hospitales?tenant=${'a'.repeat(1000)}`,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'invalid_request' })
  })

  it.each([
    ['markup', '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E'],
    ['a NUL byte', '%00'],
    ['1,000 characters', 'a'.repeat(1000)],
    ['an encoded slash', '..%2F..%2Fetc'],
  ])('the manifest route answers %s with a 404 that echoes nothing', async (_, segment) => {
    const app = await start()
    const response = await app.inject({ method: 'GET', url: `/${segment}/manifest.webmanifest` })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toMatch(/onerror|<img|aaaaaaaaaa|etc/)
    expect(response.body).not.toContain(String.fromCharCode(0))
  })

  it('a navigation to a markup segment gets the unchanged shell', async () => {
    const app = await start()
    const response = await app.inject({
      method: 'GET',
      url: '/%3Cscript%3Ealert(1)%3C%2Fscript%3E/login',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(TEST_INDEX_HTML)
  })
})

describe('internal failures never show their insides', () => {
  it('a failing page route answers a generic text 500', async () => {
    db = await createTestDatabase()
    const app = await start({ database: db })
    await db.destroy()
    const response = await app.inject({ method: 'GET', url: '/clinica-sol/manifest.webmanifest' })
    expect(response.statusCode).toBe(500)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toBe('Se ha producido un error interno. Inténtalo de nuevo más tarde.')
    db = undefined
  })

  it.each([
    ['a driver error', new Error('SQLITE_CORRUPT: database disk image is malformed')],
    ['a thrown string', 'TOKEN_SECRET=abc'],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'hash')")],
    [
      'an error with a 500 status',
      Object.assign(new Error('/srv/app/db.ts:12'), { statusCode: 500 }),
    ],
  ])('%s becomes the generic internal_error', (_, thrown) => {
    expect(toHttpError(thrown).toBody()).toEqual({
      error: 'internal_error',
      message: 'Se ha producido un error interno. Inténtalo de nuevo más tarde.',
    })
  })

  it('a 4xx framework error keeps its status but not its message', () => {
    const error = Object.assign(new Error('querystring/secret must be string'), { statusCode: 406 })
    expect(toHttpError(error).statusCode).toBe(406)
    expect(toHttpError(error).toBody()).toEqual({
      error: 'invalid_request',
      message: 'La solicitud no es válida.',
    })
  })
})
