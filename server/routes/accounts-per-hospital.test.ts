/**
 * An email address names one account per hospital: a hospital's admin may create any address
 * another hospital holds (and learns nothing about it), each hospital's sign-in finds its own
 * account, and the addresses other hospitals hold are found only where that is unambiguous.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { linkIn, startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.js'

const CENTRAL_ADMIN = {
  email: 'admin@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
}
const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }
/** Clinica Norte's demo professional: the address Hospital Central's admin reuses below. */
const NORTE_PROFESSIONAL = {
  email: 'profesional@clinica-norte.es',
  password: 'demo1234',
  tenant: 'clinica-norte',
}
const CENTRAL_PASSWORD = 'otra-clave-de-central'

let inbox: SmtpInbox
let testApp: TestApp | undefined

beforeAll(async () => {
  inbox = await startSmtpInbox()
})

afterAll(async () => {
  await inbox.close()
})

afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

async function start() {
  testApp = await createTestApp({
    mail: {
      smtpUrl: inbox.url,
      publicUrl: 'https://clinica.example.org',
      from: 'Clínica <avisos@example.org>',
    },
  })
  return testApp.app
}

function login(credentials: { email: string; password: string; tenant: string }) {
  if (!testApp) throw new Error('start() first')
  return testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials })
}

async function tokenOf(credentials: { email: string; password: string; tenant: string }) {
  const response = await login(credentials)
  expect(response.statusCode).toBe(200)
  return response.json<{ token: string }>().token
}

async function createAccount(
  admin: { email: string; password: string; tenant: string },
  email: string,
  hospital = admin.tenant,
) {
  if (!testApp) throw new Error('start() first')
  return testApp.app.inject({
    method: 'POST',
    url: `/api/admin/hospitales/${hospital}/cuentas`,
    headers: { 'x-authorization': `Bearer ${await tokenOf(admin)}` },
    payload: { email, nombre: 'Paciente Nueva', rol: 'cliente', password: CENTRAL_PASSWORD },
  })
}

describe('accounts per hospital', () => {
  it('lets an admin create an address other hospitals hold, and refuses only its own', async () => {
    await start()
    const elsewhere = await createAccount(CENTRAL_ADMIN, NORTE_PROFESSIONAL.email)
    expect(elsewhere.statusCode).toBe(201)
    expect(elsewhere.json()).toMatchObject({
      email: NORTE_PROFESSIONAL.email,
      tenant: 'hospital-central',
    })
    // The product admin's address too: 201, so an answer tells nothing of who holds it.
    expect((await createAccount(CENTRAL_ADMIN, 'plataforma@main.es')).statusCode).toBe(201)

    const again = await createAccount(CENTRAL_ADMIN, ` ${NORTE_PROFESSIONAL.email.toUpperCase()} `)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ error: 'email_taken' })
  })

  it("signs each hospital's account in at its own hospital, with its own password", async () => {
    await start()
    expect((await createAccount(CENTRAL_ADMIN, NORTE_PROFESSIONAL.email)).statusCode).toBe(201)

    const norte = await login(NORTE_PROFESSIONAL)
    expect(norte.statusCode).toBe(200)
    expect(norte.json()).toMatchObject({ user: { tenant: 'clinica-norte' } })
    const central = await login({
      email: NORTE_PROFESSIONAL.email,
      password: CENTRAL_PASSWORD,
      tenant: 'hospital-central',
    })
    expect(central.statusCode).toBe(200)
    expect(central.json()).toMatchObject({ user: { tenant: 'hospital-central', rol: 'cliente' } })
    // Each hospital checks its own account's password: the other's does not open it.
    const crossed = await login({ ...NORTE_PROFESSIONAL, tenant: 'hospital-central' })
    expect(crossed.statusCode).toBe(401)
  })

  it('names the one other hospital that holds an address, and none when several do', async () => {
    await start()
    // One hospital holds it: Clinica Sol's sign-in points its holder there, as before.
    const pointed = await login({ ...NORTE_PROFESSIONAL, tenant: 'clinica-sol' })
    expect(pointed.statusCode).toBe(403)
    expect(pointed.json()).toMatchObject({ error: 'other_hospital', tenant: 'clinica-norte' })

    expect((await createAccount(CENTRAL_ADMIN, NORTE_PROFESSIONAL.email)).statusCode).toBe(201)
    // Two hospitals hold it: which account was meant is unknown, so no one is named, even with
    // a right password; the hospital's own address still signs each in.
    for (const tenant of ['clinica-sol', 'main']) {
      const response = await login({ ...NORTE_PROFESSIONAL, tenant })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ error: 'invalid_credentials' })
    }
  })

  it("sends a reset link to the asking hospital's own account, else one per hospital", async () => {
    const app = await start()
    const email = `compartida.${String(Date.now())}@example.org`
    expect((await createAccount(CENTRAL_ADMIN, email)).statusCode).toBe(201)
    expect((await createAccount(PRODUCT_ADMIN, email, 'clinica-sol')).statusCode).toBe(201)
    const forgot = (tenant: string) =>
      app.inject({ method: 'POST', url: '/api/auth/olvido', payload: { tenant, email } })

    // Asked from a hospital that holds the address: its own account's link only.
    expect((await forgot('clinica-sol')).statusCode).toBe(202)
    const own = await inbox.waitFor((mail) => mail.to.includes(email))
    expect(linkIn(own, 'restablecer-acceso').pathname).toBe('/clinica-sol/restablecer-acceso')

    // Asked from one that does not: a link for each hospital that does, each to its own screen.
    expect((await forgot('clinica-norte')).statusCode).toBe(202)
    const seen = new Set<string>()
    for (;;) {
      const mail = await inbox.waitFor(
        (candidate) =>
          candidate !== own &&
          candidate.to.includes(email) &&
          !seen.has(linkIn(candidate, 'restablecer-acceso').pathname),
      )
      seen.add(linkIn(mail, 'restablecer-acceso').pathname)
      if (seen.size === 2) break
    }
    expect([...seen].sort()).toEqual([
      '/clinica-sol/restablecer-acceso',
      '/hospital-central/restablecer-acceso',
    ])
  })
})
