import { describe, expect, it } from 'vitest'
import type { AdminAccount } from '../../src/contract/accounts.js'
import { INVITATION_LINK_TTL_DAYS } from '../../src/contract/join.js'
import { DEMO, signIn, type CareClient } from '../testing/care-client.js'
import { linkIn, type ReceivedMail } from '../testing/smtp-inbox.js'
import { mailedTestApps } from '../testing/mailed-test-app.js'
import type { createTestApp } from '../testing/test-app.js'

const PUBLIC_URL = 'https://clinica.example.org'
const BASE = '/api/admin/hospitales/hospital-central'
const PASSWORD = 'mi clave de guardia'
const DAY = 24 * 3600_000

const mailed = mailedTestApps(PUBLIC_URL)
let clock = 0
let sequence = 0

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  clock = Date.parse('2026-11-23T10:00:00.000Z')
  const { app } = await mailed.start({ now: () => clock, ...options })
  return app
}

function newEmail(): string {
  sequence += 1
  return `invitada${String(sequence)}.${String(Date.now())}@example.org`
}

function call(admin: CareClient, url: string, payload?: object) {
  if (!mailed.testApp) throw new Error('start() first')
  return mailed.testApp.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-authorization': `Bearer ${admin.token}` },
  })
}

function invite(admin: CareClient, email: string) {
  return call(admin, `${BASE}/cuentas`, {
    email,
    nombre: 'Laura Vidal',
    rol: 'profesional',
    especialidades: ['Pediatría'],
  })
}

function accept(codigo: string, password = PASSWORD, tenant = 'hospital-central') {
  if (!mailed.testApp) throw new Error('start() first')
  return mailed.testApp.app.inject({
    method: 'POST',
    url: '/api/auth/aceptar-invitacion',
    payload: { tenant, codigo, password },
  })
}

async function invitations(email: string, count: number): Promise<ReceivedMail[]> {
  await mailed.inbox.waitFor(
    () => mailed.inbox.messages.filter((mail) => mail.to.includes(email)).length >= count,
  )
  return mailed.inbox.messages.filter((mail) => mail.to.includes(email))
}

const codeOf = (mail: ReceivedMail) =>
  linkIn(mail, 'restablecer-acceso').searchParams.get('invitacion') ?? ''

function login(email: string, password: string) {
  if (!mailed.testApp) throw new Error('start() first')
  return mailed.testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, tenant: 'hospital-central' },
  })
}

describe('an account invited by email', () => {
  it('gets a Spanish email from its hospital; the link sets its password once and signs it in', async () => {
    const app = await start()
    const admin = await signIn(app, DEMO.admin)
    const email = newEmail()
    const created = await invite(admin, email)
    expect(created.statusCode).toBe(201)
    expect(created.json<AdminAccount>()).toMatchObject({
      email,
      invitacion_pendiente: true,
      especialidades: ['Pediatría'],
    })
    const [mail] = await invitations(email, 1)
    if (!mail) throw new Error('no mail')
    expect(mail.subject).toBe('Te damos la bienvenida · Hospital Central')
    expect(mail.text).toContain('Hola, Laura Vidal:')
    expect(mail.text).toContain(`caduca en ${String(INVITATION_LINK_TTL_DAYS)} días`)
    const link = linkIn(mail, 'restablecer-acceso')
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/hospital-central/restablecer-acceso`)
    // Nothing opens the account before its owner chooses a password.
    for (const password of ['', '!invited', 'x']) {
      expect((await login(email, password || 'cualquiera')).statusCode).toBe(401)
    }

    expect((await accept(codeOf(mail), 'corta')).json()).toMatchObject({ error: 'weak_password' })
    expect((await accept(codeOf(mail), 'contraseña')).json()).toMatchObject({
      error: 'weak_password',
    })
    // Bound to its hospital: another hospital's screen reads it as a code that never existed.
    expect((await accept(codeOf(mail), PASSWORD, 'clinica-norte')).json()).toMatchObject({
      error: 'code_unknown',
    })
    const accepted = await accept(codeOf(mail))
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({
      user: { rol: 'profesional', tenant: 'hospital-central' },
    })
    expect((await accept(codeOf(mail))).json()).toMatchObject({ error: 'code_used' })
    expect((await login(email, PASSWORD)).statusCode).toBe(200)

    const listed = await app.inject({
      url: `${BASE}/cuentas?buscar=${encodeURIComponent(email)}`,
      headers: { 'x-authorization': `Bearer ${admin.token}` },
    })
    expect(listed.json<AdminAccount[]>()[0]?.invitacion_pendiente).toBe(false)
    const again = await call(
      admin,
      `${BASE}/cuentas/${String(created.json<AdminAccount>().id)}/invitacion`,
    )
    expect(again.statusCode).toBe(400)
  })

  it('expires after its days', async () => {
    const app = await start()
    const admin = await signIn(app, DEMO.admin)
    const email = newEmail()
    await invite(admin, email)
    const [mail] = await invitations(email, 1)
    if (!mail) throw new Error('no mail')
    clock += INVITATION_LINK_TTL_DAYS * DAY + 1
    expect((await accept(codeOf(mail))).json()).toMatchObject({ error: 'code_expired' })
  })

  it('is sent again on "Reenviar": the earlier link stops working, the per-address limit applies, audited', async () => {
    const app = await start()
    const admin = await signIn(app, DEMO.admin)
    const email = newEmail()
    const { id } = (await invite(admin, email)).json<AdminAccount>()
    const url = `${BASE}/cuentas/${String(id)}/invitacion`
    const resent = await call(admin, url)
    expect(resent.statusCode).toBe(200)
    expect(resent.json()).toMatchObject({ invitacion_pendiente: true })
    const [first, second] = await invitations(email, 2)
    if (!first || !second) throw new Error('no mail')
    expect((await accept(codeOf(first))).json()).toMatchObject({ error: 'code_unknown' })

    expect((await call(admin, url)).statusCode).toBe(200)
    const limited = await call(admin, url)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()

    // Other hospitals' admins and the hospital's professionals cannot.
    for (const credentials of [DEMO.professional, DEMO.otherHospitalProfessional]) {
      expect((await call(await signIn(app, credentials), url)).statusCode).toBe(403)
    }
    const audit = await app.inject({
      url: `${BASE}/auditoria`,
      headers: { 'x-authorization': `Bearer ${admin.token}` },
    })
    expect(audit.json<{ accion: string }[]>().map((entry) => entry.accion)).toContain(
      'cuenta.invitacion_reenviada',
    )
    expect((await accept(codeOf(second))).json()).toMatchObject({ error: 'code_unknown' })
  })

  it('without mail to send, is refused and nothing is created; a password still creates the account under registration rules', async () => {
    const app = await start({ mail: undefined })
    const admin = await signIn(app, DEMO.admin)
    const email = newEmail()
    const refused = await invite(admin, email)
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toMatchObject({ error: 'email_unavailable' })
    const listed = await app.inject({
      url: `${BASE}/cuentas?buscar=${encodeURIComponent(email)}`,
      headers: { 'x-authorization': `Bearer ${admin.token}` },
    })
    expect(listed.json()).toEqual([])

    const withPassword = (password: string) =>
      call(admin, `${BASE}/cuentas`, { email, nombre: 'Laura Vidal', rol: 'cliente', password })
    for (const weak of ['corta123', 'contraseña']) {
      expect((await withPassword(weak)).json()).toMatchObject({ error: 'weak_password' })
    }
    const created = await withPassword(PASSWORD)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ invitacion_pendiente: false })
    expect((await login(email, PASSWORD)).statusCode).toBe(200)
  })
})
