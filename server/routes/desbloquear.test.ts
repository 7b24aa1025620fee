import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO, signIn, type CareClient } from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp | undefined

afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  testApp = await createTestApp(options)
  return testApp.app
}

type App = Awaited<ReturnType<typeof start>>

function unlock(app: App, client: CareClient | null, payload: unknown, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/desbloquear',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      ...(client ? { 'x-authorization': `Bearer ${client.token}` } : {}),
    },
    remoteAddress,
  })
}

/** A professional of hospital-central with a password of their own, signed in. */
async function newProfessional(app: App, password: string) {
  const admin = await signIn(app, DEMO.admin)
  const email = `guardia-${randomUUID().slice(0, 8)}@hospital-central.es`
  const created = await admin.call('POST', '/api/admin/hospitales/hospital-central/cuentas', {
    email,
    nombre: 'Marta de Guardia',
    rol: 'profesional',
    password,
  })
  expect(created.statusCode).toBe(201)
  return signIn(app, { email, password, tenant: 'hospital-central' })
}

describe('POST /api/auth/desbloquear', () => {
  it("opens a professional's locked screen with their own password, and the session goes on", async () => {
    const app = await start()
    const professional = await signIn(app, DEMO.professional)
    const opened = await unlock(app, professional, { password: DEMO.professional.password })
    expect(opened.statusCode).toBe(204)
    expect(opened.body).toBe('')

    const refused = await unlock(app, professional, { password: 'no-es-la-mia' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      error: 'wrong_password',
      message: 'La contraseña no es correcta.',
    })
    // A wrong password is no sign of an ended session: the token still works.
    expect((await professional.call('GET', '/api/me')).statusCode).toBe(200)
  })

  it("refuses another account's password, even a colleague's signed in on the same device", async () => {
    const app = await start()
    const onDuty = await newProfessional(app, 'clave-de-marta-2026')
    // The demo professionals all hold `demo1234`: the colleague's password is not Marta's.
    await signIn(app, DEMO.professional2)
    const withColleagues = await unlock(app, onDuty, { password: DEMO.professional2.password })
    expect(withColleagues.statusCode).toBe(403)
    expect(withColleagues.json()).toMatchObject({ error: 'wrong_password' })
    expect((await unlock(app, onDuty, { password: 'clave-de-marta-2026' })).statusCode).toBe(204)
  })

  it('answers 401 without a valid session, and 403 to roles whose sessions end instead', async () => {
    const app = await start()
    const missing = await unlock(app, null, { password: 'demo1234' })
    expect(missing.statusCode).toBe(401)
    const forged = await unlock(
      app,
      { token: 'x.y.z', call: () => Promise.reject(new Error('unused')) },
      {
        password: 'demo1234',
      },
    )
    expect(forged.statusCode).toBe(401)

    for (const account of [DEMO.admin, DEMO.patient]) {
      const client = await signIn(app, account)
      const refused = await unlock(app, client, { password: account.password })
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ error: 'forbidden' })
    }
  })

  it('refuses malformed bodies with 400', async () => {
    const app = await start()
    const professional = await signIn(app, DEMO.professional)
    for (const payload of [
      '{"password":',
      {},
      { password: '' },
      { password: 'demo1234', extra: 1 },
      { password: 12345678 },
      { password: 'x'.repeat(10_000) },
    ]) {
      const response = await unlock(app, professional, payload)
      expect(response.statusCode).toBe(400)
    }
  })

  it("counts wrong passwords with the account's failed sign-ins, and locks both", async () => {
    let clock = Date.parse('2026-03-01T10:00:00.000Z')
    const app = await start({
      now: () => clock,
      loginRateLimits: {
        perIp: { max: 100, timeWindowMs: 60_000 },
        perAccount: { max: 2, timeWindowMs: 900_000 },
      },
    })
    const professional = await signIn(app, DEMO.professional)
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...DEMO.professional, password: 'adivinanza' },
    })
    expect(wrong.statusCode).toBe(401)
    expect((await unlock(app, professional, { password: 'adivinanza' })).statusCode).toBe(403)

    // Two failures, one by each route: the right password waits too, on either route.
    const limited = await unlock(app, professional, { password: DEMO.professional.password })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(290)
    expect(limited.json()).toMatchObject({ error: 'rate_limited' })
    const signInLimited = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: DEMO.professional,
    })
    expect(signInLimited.statusCode).toBe(429)

    // The lock is short; then the owner's password opens the screen and clears the count.
    clock += 300_000
    expect(
      (await unlock(app, professional, { password: DEMO.professional.password })).statusCode,
    ).toBe(204)
    expect((await unlock(app, professional, { password: 'adivinanza' })).statusCode).toBe(403)
    expect(
      (await unlock(app, professional, { password: DEMO.professional.password })).statusCode,
    ).toBe(204)
  })

  it('limits attempts per client address like sign-in', async () => {
    const app = await start({ loginRateLimits: { perIp: { max: 3, timeWindowMs: 60_000 } } })
    const professional = await signIn(app, DEMO.professional)
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await unlock(app, professional, { password: 'x' }, '203.0.113.7')
      expect(response.statusCode).toBe(403)
    }
    const limited = await unlock(app, professional, { password: 'demo1234' }, '203.0.113.7')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(
      (await unlock(app, professional, { password: 'demo1234' }, '203.0.113.8')).statusCode,
    ).toBe(204)
  })
})
