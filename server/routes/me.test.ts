import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppDatabase } from '../database/schema.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'

// Asymmetric matchers are typed any; typed unknown they satisfy the strict lint rules.
const ANY_ID: unknown = expect.any(Number)
const ANY_STRING: unknown = expect.any(String)

const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }
const SECRET = 'me-test-secret-0123456789-0123456789'

let testApp: TestApp | undefined
let db: AppDatabase | undefined

afterEach(async () => {
  await testApp?.close()
  await db?.destroy()
  testApp = undefined
  db = undefined
})

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  testApp = await createTestApp({ tokenSecret: SECRET, ...options })
  return testApp.app
}

async function signIn(app: TestApp['app'], body = DEMO): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: body })
  expect(response.statusCode).toBe(200)
  return response.json<{ token: string }>().token
}

function me(app: TestApp['app'], authorization?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/me',
    headers: authorization === undefined ? {} : { 'x-authorization': authorization },
  })
}

function expectUnauthorized(response: Awaited<ReturnType<typeof me>>, error: string) {
  expect(response.statusCode).toBe(401)
  expect(response.headers['cache-control']).toBe('no-store')
  expect(response.headers['www-authenticate']).toMatch(/^Bearer/)
  expect(response.json()).toEqual({ error, message: ANY_STRING })
}

describe('GET /api/me', () => {
  it('returns the signed-in user, never cached', async () => {
    const app = await start()
    const token = await signIn(app)
    const response = await me(app, `Bearer ${token}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      id: ANY_ID,
      nombre: 'Lucía Martín',
      rol: 'cliente',
      tenant: 'hospital-central',
      // The demo patient has accepted the hospital's seeded terms.
      terminos_pendientes: false,
    })
  })

  it('reports the account tenant when the user signed in through main', async () => {
    const app = await start()
    const token = await signIn(app, { ...DEMO, tenant: 'main' })
    expect((await me(app, `Bearer ${token}`)).json()).toMatchObject({ tenant: 'hospital-central' })
  })

  it('answers 401 missing_token without the header', async () => {
    const app = await start()
    expectUnauthorized(await me(app), 'missing_token')
    expectUnauthorized(await me(app, ''), 'missing_token')
  })

  it.each(['Token abc', 'Bearer', 'Bearer not-a-token', 'Bearer a.b.c', 'abc.def.ghi'])(
    'answers 401 invalid_token for the malformed header %j',
    async (header) => {
      const app = await start()
      expectUnauthorized(await me(app, header), 'invalid_token')
    },
  )

  it('answers 401 invalid_token for a token signed with another secret', async () => {
    const other = await createTestApp({ tokenSecret: 'another-secret-0123456789-0123456789' })
    const foreignToken = await signIn(other.app)
    await other.close()
    const app = await start()
    expectUnauthorized(await me(app, `Bearer ${foreignToken}`), 'invalid_token')
  })

  it('answers 401 invalid_token for a token whose claims were edited', async () => {
    const app = await start()
    const [header, payload, signature] = (await signIn(app)).split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object
    const forged = Buffer.from(JSON.stringify({ ...claims, rol: 'admin' })).toString('base64url')
    expectUnauthorized(await me(app, `Bearer ${header}.${forged}.${signature}`), 'invalid_token')
  })

  it('answers 401 token_expired once the token has expired', async () => {
    let clock = Date.parse('2026-03-02T08:00:00Z')
    const app = await start({ tokenTtlSeconds: 600, now: () => clock })
    const token = await signIn(app)
    clock += 599_000
    expect((await me(app, `Bearer ${token}`)).statusCode).toBe(200)
    clock += 1_000
    expectUnauthorized(await me(app, `Bearer ${token}`), 'token_expired')
  })

  it('answers 401 invalid_token when the account no longer exists', async () => {
    db = await createTestDatabase()
    const app = await start({ database: db })
    const token = await signIn(app)
    await db.deleteFrom('users').where('email', '=', DEMO.email).execute()
    expectUnauthorized(await me(app, `Bearer ${token}`), 'invalid_token')
  })

  it('answers 401 invalid_token for a well-signed token naming an unknown user', async () => {
    const app = await start()
    const [header] = (await signIn(app)).split('.')
    const payload = Buffer.from(
      JSON.stringify({
        sub: '999',
        tenant: 'hospital-central',
        rol: 'admin',
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 60,
      }),
    ).toString('base64url')
    const input = `${header ?? ''}.${payload}`
    const token = `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`
    expectUnauthorized(await me(app, `Bearer ${token}`), 'invalid_token')
  })

  it('answers 401 to a header too long to be a token, as to any other bad token', async () => {
    const app = await start()
    expectUnauthorized(await me(app, `Bearer ${'a'.repeat(5000)}`), 'invalid_token')
  })
})
