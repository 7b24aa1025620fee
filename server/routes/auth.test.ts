import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { TENANT_ID_MAX_LENGTH } from '../../src/contract/tenants.js'

// Asymmetric matchers are typed any; typed unknown they satisfy the strict lint rules.
const ANY_STRING: unknown = expect.any(String)
const JWT_SHAPE: unknown = expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/)
const RATE_LIMIT_MESSAGE: unknown = expect.stringMatching(
  /^Demasiados intentos .* \d+ segundos?\.$/,
)

const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }

let testApp: TestApp | undefined

afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  testApp = await createTestApp(options)
  return testApp.app
}

function login(
  app: Awaited<ReturnType<typeof start>>,
  payload: unknown,
  extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...extra.headers },
    remoteAddress: extra.remoteAddress,
  })
}

describe('POST /api/auth/login', () => {
  it('signs the demo account in: token and user, never cached', async () => {
    const app = await start()
    const response = await login(app, DEMO)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json<{ token: string; user: unknown }>()
    expect(body).toEqual({
      token: JWT_SHAPE,
      user: { nombre: 'Lucía Martín', rol: 'cliente', tenant: 'hospital-central' },
    })
    expect(Object.keys(body)).toEqual(['token', 'user'])
  })

  it.each([
    ['profesional@hospital-central.es', 'profesional'],
    ['admin@hospital-central.es', 'admin'],
  ])('signs %s in with rol %s', async (email, rol) => {
    const app = await start()
    const response = await login(app, { ...DEMO, email })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ user: { rol } })
  })

  it('accepts the generic portal main and any case or spacing of the email', async () => {
    const app = await start()
    expect((await login(app, { ...DEMO, tenant: 'main' })).statusCode).toBe(200)
    const shouted = await login(app, { ...DEMO, email: '  DEMO@Hospital-Central.ES ' })
    expect(shouted.statusCode).toBe(200)
  })

  it.each([
    ['a wrong password', { ...DEMO, password: 'demo12345' }],
    ['an unknown email', { ...DEMO, email: 'nadie@hospital-central.es' }],
    ['another tenant with a wrong password', { ...DEMO, tenant: 'clinica-norte', password: 'x1' }],
    ['an unknown email on another tenant', { ...DEMO, email: 'x@x.es', tenant: 'clinica-norte' }],
    ['SQL in the email', { ...DEMO, email: `' OR '1'='1' --` }],
    ['SQL in the password', { ...DEMO, password: `' OR '1'='1` }],
  ])('answers the same 401 for %s', async (_case, payload) => {
    const app = await start()
    const response = await login(app, payload)
    expect(response.statusCode).toBe(401)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      error: 'invalid_credentials',
      message: 'Correo o contraseña incorrectos.',
    })
  })

  it.each([
    ['another hospital', 'clinica-norte'],
    ['a tenant differing in case', 'Hospital-Central'],
  ])(
    'tells an account holder with the right password that the account belongs to another hospital: %s',
    async (_case, tenant) => {
      const app = await start()
      const response = await login(app, { ...DEMO, tenant })
      expect(response.statusCode).toBe(403)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.json()).toEqual({
        error: 'other_hospital',
        message: 'Esta cuenta pertenece a otro centro.',
        tenant: 'hospital-central',
      })
    },
  )

  it('lets any account in through main, the portal, naming the hospital it belongs to', async () => {
    const app = await start()
    const response = await login(app, { ...DEMO, tenant: 'main' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ user: { rol: 'cliente', tenant: 'hospital-central' } })
  })

  it.each([
    ['a missing password', { email: DEMO.email, tenant: DEMO.tenant }],
    ['a missing tenant', { email: DEMO.email, password: DEMO.password }],
    ['an empty body object', {}],
    ['a number as email', { ...DEMO, email: 42 }],
    ['an array as password', { ...DEMO, password: ['demo1234'] }],
    ['an empty tenant', { ...DEMO, tenant: '' }],
    ['an oversize email', { ...DEMO, email: `${'a'.repeat(250)}@x.es` }],
    ['an oversize password', { ...DEMO, password: 'x'.repeat(257) }],
    ['an oversize tenant', { ...DEMO, tenant: 'x'.repeat(TENANT_ID_MAX_LENGTH + 1) }],
    ['an extra field', { ...DEMO, isAdmin: true }],
    ['a JSON array', [DEMO]],
    ['a JSON string', '"demo"'],
  ])('answers 400 invalid_request for %s', async (_case, payload) => {
    const app = await start()
    const response = await login(app, payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'invalid_request', message: ANY_STRING })
  })

  it('names the missing field in Spanish', async () => {
    const app = await start()
    const response = await login(app, { email: DEMO.email, tenant: DEMO.tenant })
    expect(response.json()).toMatchObject({ message: 'Falta el campo «password».' })
  })

  it.each([
    ['broken JSON', '{"email": ', 'application/json'],
    ['an empty JSON body', '', 'application/json'],
    ['a text body', 'email=demo', 'text/plain'],
    ['a form body', 'email=demo&password=demo1234', 'application/x-www-form-urlencoded'],
  ])('answers 400 invalid_json for %s', async (_case, payload, contentType) => {
    const app = await start()
    const response = await login(app, payload, { headers: { 'content-type': contentType } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'invalid_json',
      message: 'El cuerpo de la solicitud debe ser un JSON válido.',
    })
  })

  it('answers 413 JSON to a body over 16 KB', async () => {
    const app = await start()
    const response = await login(app, { ...DEMO, password: 'x'.repeat(17 * 1024) })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      error: 'payload_too_large',
      message: 'La solicitud es demasiado grande.',
    })
  })

  it('limits attempts per IP with 429, Retry-After and a Spanish message', async () => {
    const app = await start({ loginRateLimits: { perIp: { max: 3, timeWindowMs: 60_000 } } })
    const ip = { remoteAddress: '203.0.113.7' }
    for (let attempt = 0; attempt < 3; attempt++) {
      const email = `user${String(attempt)}@example.es`
      expect((await login(app, { ...DEMO, email }, ip)).statusCode).toBe(401)
    }
    const limited = await login(app, DEMO, ip)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(limited.headers['cache-control']).toBe('no-store')
    expect(limited.json()).toEqual({
      error: 'rate_limited',
      message: RATE_LIMIT_MESSAGE,
    })

    // Another client is not affected.
    expect((await login(app, DEMO, { remoteAddress: '203.0.113.8' })).statusCode).toBe(200)
  })

  it('locks an account briefly after its limit of failures, whatever the IP', async () => {
    const app = await start({
      loginRateLimits: {
        perIp: { max: 100, timeWindowMs: 60_000 },
        perAccount: { max: 2, timeWindowMs: 900_000 },
      },
    })
    const wrong = { ...DEMO, password: 'guess' }
    expect((await login(app, wrong, { remoteAddress: '198.51.100.1' })).statusCode).toBe(401)
    const upper = { ...wrong, email: DEMO.email.toUpperCase() }
    expect((await login(app, upper, { remoteAddress: '198.51.100.2' })).statusCode).toBe(401)

    const limited = await login(app, DEMO, { remoteAddress: '198.51.100.3' })
    expect(limited.statusCode).toBe(429)
    // A short lock (five minutes), not a quarter of an hour.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(290)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(300)
    expect(limited.json()).toMatchObject({ error: 'rate_limited' })

    // Other accounts still sign in from the same addresses.
    const other = { ...DEMO, email: 'admin@hospital-central.es' }
    expect((await login(app, other, { remoteAddress: '198.51.100.3' })).statusCode).toBe(200)
  })

  it('never limits correct sign-ins: twelve in a row all succeed', async () => {
    const app = await start()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push((await login(app, DEMO)).statusCode)
    }
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 200))
  })

  it('slows wrong passwords down with a growing wait, and a correct one clears it', async () => {
    let clock = Date.parse('2026-03-01T10:00:00.000Z')
    const app = await start({ now: () => clock })
    const wrong = { ...DEMO, password: 'guess' }
    // Five mistakes cost nothing.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(app, wrong)).statusCode).toBe(401)
    }
    // Then each attempt waits twice as long as the one before: 1 s, 2 s, 4 s…
    const waits: number[] = []
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const early = await login(app, wrong)
      expect(early.statusCode).toBe(429)
      const seconds = Number(early.headers['retry-after'])
      waits.push(seconds)
      clock += seconds * 1000
      expect((await login(app, wrong)).statusCode).toBe(401)
    }
    expect(waits).toEqual([1, 2, 4])

    // The owner, after waiting, signs in; the failures are forgotten.
    clock += 8_000
    expect((await login(app, DEMO)).statusCode).toBe(200)
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(app, wrong)).statusCode).toBe(401)
    }
  })

  it('forgets failures a quarter of an hour after the last one', async () => {
    let clock = Date.parse('2026-03-01T10:00:00.000Z')
    const app = await start({
      now: () => clock,
      loginRateLimits: { perAccount: { max: 2, timeWindowMs: 900_000 } },
    })
    const wrong = { ...DEMO, password: 'guess' }
    expect((await login(app, wrong)).statusCode).toBe(401)
    expect((await login(app, wrong)).statusCode).toBe(401)
    expect((await login(app, DEMO)).statusCode).toBe(429)
    clock += 300_000
    // The lock is over: one more failure locks again at once.
    expect((await login(app, wrong)).statusCode).toBe(401)
    expect((await login(app, DEMO)).statusCode).toBe(429)
    clock += 900_000
    expect((await login(app, DEMO)).statusCode).toBe(200)
  })

  it('does not offer demo accounts when demo mode is off', async () => {
    const app = await start({ demoMode: false })
    const response = await login(app, DEMO)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: 'invalid_credentials' })
  })
})
