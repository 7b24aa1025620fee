import { describe, expect, it } from 'vitest'
import type { TerminosVigentes } from '../../src/contract/join.js'
import { PASSWORD_MIN_LENGTH } from '../../src/contract/password-rule.js'
import { TERMS_FIELD } from '../../src/contract/join-rules.js'
import { freeTextMessage } from '../../src/contract/text.js'
import type { createTestApp } from '../testing/test-app.js'
import { linkIn, type ReceivedMail } from '../testing/smtp-inbox.js'
import { mailedTestApps } from '../testing/mailed-test-app.js'

// Asymmetric matchers are typed any; typed unknown they satisfy the strict lint rules.
const ANY_STRING: unknown = expect.any(String)

const PUBLIC_URL = 'https://clinica.example.org'
const TENANT = 'hospital-central'
const PASSWORD = 'cielo-azul-de-marzo'
const HOUR = 3600_000

const mailed = mailedTestApps(PUBLIC_URL)
let clock = Date.parse('2026-11-23T10:00:00.000Z')
let sequence = 0

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  clock = Date.parse('2026-11-23T10:00:00.000Z')
  const { app } = await mailed.start({ now: () => clock, ...options })
  return app
}

/** A fresh address per test, so messages of earlier tests never match. */
function newEmail(): string {
  sequence += 1
  return `paciente${String(sequence)}.${String(Date.now())}@example.org`
}

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  if (!mailed.testApp) throw new Error('start() first')
  return mailed.testApp.app.inject({ method: 'POST', url, payload, headers })
}

function register(email: string, overrides: object = {}, headers: Record<string, string> = {}) {
  return post(
    '/api/auth/registro',
    {
      tenant: TENANT,
      nombre: 'Ana Pérez',
      email,
      password: PASSWORD,
      acepta_terminos: true,
      terminos_version: 1,
      ...overrides,
    },
    headers,
  )
}

function mailTo(email: string, subject: RegExp): Promise<ReceivedMail> {
  return mailed.inbox.waitFor((mail) => mail.to.includes(email) && subject.test(mail.subject))
}

function codeOf(mail: ReceivedMail, screen: string): string {
  return linkIn(mail, screen).searchParams.get('codigo') ?? ''
}

function me(token: string) {
  if (!mailed.testApp) throw new Error('start() first')
  return mailed.testApp.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { 'x-authorization': `Bearer ${token}` },
  })
}

async function signIn(email: string, password: string, tenant = TENANT): Promise<string> {
  const response = await post('/api/auth/login', { email, password, tenant })
  expect(response.statusCode).toBe(200)
  return response.json<{ token: string }>().token
}

async function registerAndConfirm(email: string): Promise<string> {
  expect((await register(email)).statusCode).toBe(202)
  const mail = await mailTo(email, /Confirma/)
  const response = await post('/api/auth/validar-cuenta', {
    tenant: TENANT,
    codigo: codeOf(mail, 'validar-cuenta'),
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ token: string }>().token
}

describe('registration and account confirmation', () => {
  it('creates an unconfirmed patient, emails an absolute link from PUBLIC_URL, and the link confirms and signs in once', async () => {
    await start()
    const email = newEmail()
    // A hostile Host header never reaches the link.
    const response = await register(email, {}, { host: 'evil.example' })
    expect(response.statusCode).toBe(202)
    expect(response.body).toBe('')

    const mail = await mailTo(email, /Confirma tu correo electrónico · Hospital Central/)
    expect(mail.from).toBe('avisos@example.org')
    expect(mail.text).toContain('Hola, Ana Pérez:')
    expect(mail.text).toContain('48 horas')
    expect(mail.html).toContain('Hospital Central')
    const link = linkIn(mail, 'validar-cuenta')
    expect(link.origin).toBe(PUBLIC_URL)
    expect(link.pathname).toBe('/hospital-central/validar-cuenta')
    expect(mail.raw).not.toContain('evil.example')

    // Before confirming, the right password says the account awaits confirmation.
    const early = await post('/api/auth/login', { email, password: PASSWORD, tenant: TENANT })
    expect(early.statusCode).toBe(403)
    expect(early.json()).toEqual({ error: 'email_pending', message: ANY_STRING })
    // A wrong password learns nothing of it.
    const wrong = await post('/api/auth/login', { email, password: 'x'.repeat(12), tenant: TENANT })
    expect(wrong.statusCode).toBe(401)

    const codigo = link.searchParams.get('codigo') ?? ''
    const confirmed = await post('/api/auth/validar-cuenta', { tenant: TENANT, codigo })
    expect(confirmed.statusCode).toBe(200)
    const { token, user } = confirmed.json<{ token: string; user: object }>()
    expect(user).toEqual({ nombre: 'Ana Pérez', rol: 'cliente', tenant: TENANT })
    expect((await me(token)).json()).toEqual({
      id: expect.any(Number) as unknown,
      nombre: 'Ana Pérez',
      rol: 'cliente',
      tenant: TENANT,
      terminos_pendientes: false,
    })
    await signIn(email, PASSWORD)

    const again = await post('/api/auth/validar-cuenta', { tenant: TENANT, codigo })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: 'code_used', message: 'Este enlace ya se ha usado.' })
  })

  it('takes a confirmation link only at its own hospital, and leaves it usable there', async () => {
    await start()
    const email = newEmail()
    expect((await register(email)).statusCode).toBe(202)
    const codigo = codeOf(await mailTo(email, /Confirma/), 'validar-cuenta')
    const elsewhere = await post('/api/auth/validar-cuenta', { tenant: 'clinica-norte', codigo })
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json()).toMatchObject({ error: 'code_unknown' })
    const here = await post('/api/auth/validar-cuenta', { tenant: TENANT, codigo })
    expect(here.statusCode).toBe(200)
    expect(here.json<{ user: { tenant: string } }>().user.tenant).toBe(TENANT)
  })

  it('spends a confirmation code exactly once under concurrent use', async () => {
    // Room for the burst: the per-address limit is not what this test is about.
    await start({ joinRateLimits: { perIp: { max: 100, timeWindowMs: 60_000 } } })
    const email = newEmail()
    await register(email)
    const codigo = codeOf(await mailTo(email, /Confirma/), 'validar-cuenta')
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        post('/api/auth/validar-cuenta', { tenant: TENANT, codigo }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 400)).toHaveLength(11)
  })

  it('says whether a code expired or never existed', async () => {
    await start()
    const email = newEmail()
    await register(email)
    const codigo = codeOf(await mailTo(email, /Confirma/), 'validar-cuenta')
    clock += 48 * HOUR + 1000
    const expired = await post('/api/auth/validar-cuenta', { tenant: TENANT, codigo })
    expect(expired.json()).toEqual({ error: 'code_expired', message: 'Este enlace ha caducado.' })
    for (const unknown of ['abc', 'x'.repeat(128), 'a\u0000b', '../../etc/passwd', codigo + 'x']) {
      const response = await post('/api/auth/validar-cuenta', { tenant: TENANT, codigo: unknown })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'code_unknown' })
    }
    // Another link on request: the new one works.
    expect(
      (await post('/api/auth/reenviar-validacion', { tenant: TENANT, email })).statusCode,
    ).toBe(202)
    const fresh = await mailed.inbox.waitFor(
      (mail) => mail.to.includes(email) && codeOf(mail, 'validar-cuenta') !== codigo,
    )
    const confirmed = await post('/api/auth/validar-cuenta', {
      tenant: TENANT,
      codigo: codeOf(fresh, 'validar-cuenta'),
    })
    expect(confirmed.statusCode).toBe(200)
  })

  it.each([
    ['the owner registers first', 'owner-first'],
    ['a stranger registers first', 'stranger-first'],
  ])(
    'a second registration of a pending address activates neither password (%s)',
    async (_case, order) => {
      await start()
      const email = newEmail()
      const owner = { nombre: 'Ana Pérez', password: PASSWORD }
      const stranger = { nombre: 'Intruso', password: 'clave-del-intruso-9' }
      const [first, second] = order === 'owner-first' ? [owner, stranger] : [stranger, owner]
      const firstAnswer = await register(email, first)
      const firstLink = await mailTo(email, /Confirma/)
      const secondAnswer = await register(email, second)
      // The second registration is answered like any other: nothing is learnt on screen.
      expect(secondAnswer.statusCode).toBe(firstAnswer.statusCode)
      expect(secondAnswer.body).toBe(firstAnswer.body)

      // The first link no longer confirms whichever password it was sent for…
      const stale = await post('/api/auth/validar-cuenta', {
        tenant: TENANT,
        codigo: codeOf(firstLink, 'validar-cuenta'),
      })
      expect(stale.statusCode).toBe(400)
      // …neither password opens the account…
      for (const { password } of [owner, stranger]) {
        const attempt = await post('/api/auth/login', { email, password, tenant: TENANT })
        expect(attempt.statusCode).toBe(401)
      }
      // …and the address's owner chooses one through the link the address is sent next.
      const choose = await mailTo(email, /Elige tu contraseña · Hospital Central/)
      const chosen = await post('/api/auth/restablecer-enlace', {
        tenant: TENANT,
        codigo: codeOf(choose, 'restablecer-acceso'),
        password: 'la-clave-de-ana-7',
      })
      expect(chosen.statusCode).toBe(200)
      expect((await me(chosen.json<{ token: string }>().token)).statusCode).toBe(200)
      await signIn(email, 'la-clave-de-ana-7')
      const intruder = await post('/api/auth/login', {
        email,
        password: stranger.password,
        tenant: TENANT,
      })
      expect(intruder.statusCode).toBe(401)
    },
  )

  it('a contested registration asks to choose a password on every later request for a link', async () => {
    await start()
    const email = newEmail()
    await register(email)
    await register(email, { password: 'clave-del-intruso-9' })
    const firstChoice = codeOf(await mailTo(email, /Elige/), 'restablecer-acceso')
    expect(
      (await post('/api/auth/reenviar-validacion', { tenant: TENANT, email })).statusCode,
    ).toBe(202)
    const again = await mailed.inbox.waitFor(
      (mail) =>
        mail.to.includes(email) &&
        mail.subject.includes('Elige') &&
        codeOf(mail, 'restablecer-acceso') !== firstChoice,
    )
    const chosen = await post('/api/auth/restablecer-enlace', {
      tenant: TENANT,
      codigo: codeOf(again, 'restablecer-acceso'),
      password: 'la-clave-de-ana-7',
    })
    expect(chosen.statusCode).toBe(200)
  })

  it('answers the same for an address that has an account, mails its owner, and changes nothing', async () => {
    await start()
    const fresh = await register(newEmail())
    const taken = await register('demo@hospital-central.es', { password: 'otra-clave-larga-1' })
    expect(taken.statusCode).toBe(fresh.statusCode)
    expect(taken.body).toBe(fresh.body)
    const mail = await mailTo('demo@hospital-central.es', /Ya tienes una cuenta/)
    expect(linkIn(mail, 'restablecer-acceso').origin).toBe(PUBLIC_URL)
    await signIn('demo@hospital-central.es', 'demo1234')
    const refused = await post('/api/auth/login', {
      email: 'demo@hospital-central.es',
      password: 'otra-clave-larga-1',
      tenant: TENANT,
    })
    expect(refused.statusCode).toBe(401)
  })

  it('says which password rule failed', async () => {
    await start()
    const short = await register(newEmail(), { password: 'corta12' })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toEqual({
      error: 'weak_password',
      message: expect.stringContaining(
        `al menos ${String(PASSWORD_MIN_LENGTH)} caracteres`,
      ) as unknown,
    })
    const common = await register(newEmail(), { password: 'Contraseña123' })
    expect(common.statusCode).toBe(400)
    expect(common.json<{ message: string }>().message).toMatch(/más usadas/)
  })

  it.each([
    ['a name with a NUL byte', { nombre: 'Ana\u0000Pérez' }],
    ['a name with an RTL override', { nombre: 'Ana\u202Ezerép' }],
    ['a blank name', { nombre: '   ' }],
    ['an overlong name', { nombre: 'a'.repeat(500) }],
    ['an email without @', { email: 'ana.example.org' }],
    ['an email with a NUL byte', { email: 'ana\u0000@example.org' }],
    ['an overlong email', { email: `${'a'.repeat(250)}@example.org` }],
    ['an email that is not text', { email: ['a@example.org'] }],
    ['terms not accepted', { acepta_terminos: false }],
    ['a password that is not text', { password: 1234567890123 }],
    ['an extra field', { rol: 'admin' }],
    ['an overlong tenant', { tenant: 'x'.repeat(300) }],
  ])('refuses %s with a 400', async (_case, overrides) => {
    await start()
    const response = await register(newEmail(), overrides)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: expect.any(String) as unknown, message: ANY_STRING })
  })

  it('refuses an unknown hospital, main, and terms that changed since they were read', async () => {
    await start()
    expect((await register(newEmail(), { tenant: 'no-existe' })).statusCode).toBe(404)
    expect((await register(newEmail(), { tenant: 'main' })).statusCode).toBe(404)
    const stale = await register(newEmail(), { terminos_version: 7 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ error: 'terms_changed' })
    const unnamed: Record<string, unknown> = { terminos_version: undefined }
    const unread = await register(newEmail(), unnamed)
    expect(unread.statusCode).toBe(409)
    expect(unread.json()).toMatchObject({ error: 'terms_changed' })
  })

  it('rate-limits registration per address', async () => {
    await start({ joinRateLimits: { perIp: { max: 2, timeWindowMs: 60_000 } } })
    expect((await register(newEmail())).statusCode).toBe(202)
    expect((await register(newEmail())).statusCode).toBe(202)
    const limited = await register(newEmail())
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ error: 'rate_limited' })
  })

  it('rate-limits resending the confirmation per email, whatever the client address', async () => {
    await start()
    const email = newEmail()
    await register(email)
    for (const ip of ['10.0.0.1', '10.0.0.2']) {
      const response = await mailed.testApp?.app.inject({
        method: 'POST',
        url: '/api/auth/reenviar-validacion',
        payload: { tenant: TENANT, email },
        remoteAddress: ip,
      })
      expect(response?.statusCode).toBe(202)
    }
    const limited = await mailed.testApp?.app.inject({
      method: 'POST',
      url: '/api/auth/reenviar-validacion',
      payload: { tenant: TENANT, email: ` ${email.toUpperCase()} ` },
      remoteAddress: '10.0.0.4',
    })
    expect(limited?.statusCode).toBe(429)
    expect(limited?.headers['retry-after']).toBeDefined()
  })
})

describe('messages to one address', () => {
  it('at most 3 an hour, however many registrations ask for them at once', async () => {
    const app = await start({ joinRateLimits: { perIp: { max: 100, timeWindowMs: 60_000 } } })
    const email = newEmail()
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/registro',
          payload: {
            tenant: TENANT,
            nombre: 'Ana Pérez',
            email,
            password: `${PASSWORD}-${String(index)}`,
            acepta_terminos: true,
            terminos_version: 1,
          },
          remoteAddress: `10.0.1.${String(index + 1)}`,
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 202)).toHaveLength(3)
    const limited = answers.filter((answer) => answer.statusCode === 429)
    expect(limited).toHaveLength(2)
    for (const answer of limited) {
      expect(answer.json()).toMatchObject({ error: 'rate_limited' })
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
    }
  })

  it('one count for every message: registration, another link and a forgotten password', async () => {
    await start()
    const email = newEmail()
    expect((await register(email)).statusCode).toBe(202)
    expect(
      (await post('/api/auth/reenviar-validacion', { tenant: TENANT, email })).statusCode,
    ).toBe(202)
    expect((await post('/api/auth/olvido', { tenant: TENANT, email })).statusCode).toBe(202)
    for (const [url, payload] of [
      [
        '/api/auth/registro',
        {
          tenant: TENANT,
          nombre: 'Ana',
          email,
          password: PASSWORD,
          acepta_terminos: true,
          terminos_version: 1,
        },
      ],
      ['/api/auth/reenviar-validacion', { tenant: TENANT, email }],
      ['/api/auth/olvido', { tenant: TENANT, email: email.toUpperCase() }],
    ] as const) {
      const limited = await post(url, payload)
      expect(limited.statusCode).toBe(429)
    }
    // Another address is not held back by it.
    expect((await register(newEmail())).statusCode).toBe(202)
  })
})

describe('access reset by email', () => {
  it('answers the same for an unknown address; the link sets a new password, signs in and ends other sessions', async () => {
    await start()
    const email = newEmail()
    await registerAndConfirm(email)
    const oldSession = await signIn(email, PASSWORD)
    clock += 2000

    const unknown = await post('/api/auth/olvido', { tenant: TENANT, email: newEmail() })
    const known = await post(
      '/api/auth/olvido',
      { tenant: TENANT, email },
      { host: 'evil.example' },
    )
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.body).toBe(known.body)

    const mail = await mailTo(email, /Restablece tu acceso · Hospital Central/)
    expect(mail.text).toContain('60 minutos')
    const link = linkIn(mail, 'restablecer-acceso')
    expect(link.origin).toBe(PUBLIC_URL)
    const codigo = link.searchParams.get('codigo') ?? ''

    const weak = await post('/api/auth/restablecer-enlace', {
      tenant: TENANT,
      codigo,
      password: '1234567890',
    })
    expect(weak.json()).toMatchObject({ error: 'weak_password' })
    const reset = await post('/api/auth/restablecer-enlace', {
      tenant: TENANT,
      codigo,
      password: 'nueva-clave-segura',
    })
    expect(reset.statusCode).toBe(200)
    const { token } = reset.json<{ token: string }>()
    expect((await me(token)).statusCode).toBe(200)
    expect((await me(oldSession)).statusCode).toBe(401)
    expect(
      (await post('/api/auth/login', { email, password: PASSWORD, tenant: TENANT })).statusCode,
    ).toBe(401)
    await signIn(email, 'nueva-clave-segura')

    const again = await post('/api/auth/restablecer-enlace', {
      tenant: TENANT,
      codigo,
      password: 'otra-clave-segura',
    })
    expect(again.json()).toMatchObject({ error: 'code_used' })
  })

  it('spends a reset link once under concurrent use, and refuses it after an hour', async () => {
    await start({ joinRateLimits: { perIp: { max: 100, timeWindowMs: 60_000 } } })
    const email = newEmail()
    await registerAndConfirm(email)
    await post('/api/auth/olvido', { tenant: TENANT, email })
    const first = codeOf(await mailTo(email, /Restablece/), 'restablecer-acceso')
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post('/api/auth/restablecer-enlace', {
          tenant: TENANT,
          codigo: first,
          password: `clave-concurrente-${String(index)}`,
        }),
      ),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)

    await post('/api/auth/olvido', { tenant: TENANT, email })
    const second = await mailed.inbox.waitFor(
      (mail) =>
        mail.to.includes(email) &&
        mail.subject.includes('Restablece') &&
        codeOf(mail, 'restablecer-acceso') !== first,
    )
    clock += HOUR + 1000
    const late = await post('/api/auth/restablecer-enlace', {
      tenant: TENANT,
      codigo: codeOf(second, 'restablecer-acceso'),
      password: 'clave-tardia-segura',
    })
    expect(late.json()).toMatchObject({ error: 'code_expired' })
  })

  it('rate-limits reset requests per email and per client address', async () => {
    await start({ joinRateLimits: { perIp: { max: 5, timeWindowMs: 60_000 } } })
    const email = newEmail()
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post('/api/auth/olvido', { tenant: TENANT, email })).statusCode).toBe(202)
    }
    expect((await post('/api/auth/olvido', { tenant: TENANT, email })).statusCode).toBe(429)
    expect((await post('/api/auth/olvido', { tenant: TENANT, email: newEmail() })).statusCode).toBe(
      202,
    )
    expect((await post('/api/auth/olvido', { tenant: TENANT, email: newEmail() })).statusCode).toBe(
      429,
    )
  })

  it('ends other sessions when the administrator’s one-time code sets a new password', async () => {
    await start()
    const oldSession = await signIn('demo@hospital-central.es', 'demo1234')
    const admin = await signIn('admin@hospital-central.es', 'demo1234')
    const accounts = await mailed.testApp?.app.inject({
      method: 'GET',
      url: `/api/admin/hospitales/${TENANT}/cuentas`,
      headers: { 'x-authorization': `Bearer ${admin}` },
    })
    const patient = accounts
      ?.json<{ id: number; email: string }[]>()
      .find((account) => account.email === 'demo@hospital-central.es')
    const issued = await mailed.testApp?.app.inject({
      method: 'PATCH',
      url: `/api/admin/hospitales/${TENANT}/cuentas/${String(patient?.id)}`,
      payload: { restablecer_acceso: true },
      headers: { 'x-authorization': `Bearer ${admin}` },
    })
    clock += 2000
    const codigo = issued?.json<{ codigo_acceso: string }>().codigo_acceso ?? ''
    const reset = await post('/api/auth/restablecer-acceso', {
      tenant: TENANT,
      email: 'demo@hospital-central.es',
      codigo,
      password: 'una-clave-nueva-1',
    })
    expect(reset.statusCode).toBe(204)
    expect((await me(oldSession)).statusCode).toBe(401)
    await signIn('demo@hospital-central.es', 'una-clave-nueva-1')
  })
})

describe('without SMTP_URL', () => {
  it('writes each message, link included, to the log in demo mode', async () => {
    const lines: string[] = []
    await start({
      mail: { publicUrl: PUBLIC_URL },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    })
    const email = newEmail()
    expect((await register(email)).statusCode).toBe(202)
    const logged = lines.find((line) => line.includes(email))
    expect(logged).toContain(`${PUBLIC_URL}/hospital-central/validar-cuenta?codigo=`)
    expect(logged).not.toContain(PASSWORD)
  })

  it('answers 503 outside demo mode, sending nothing', async () => {
    await start({ demoMode: false, mail: { publicUrl: PUBLIC_URL } })
    for (const [url, payload] of [
      [
        '/api/auth/registro',
        {
          tenant: TENANT,
          nombre: 'Ana',
          email: newEmail(),
          password: PASSWORD,
          acepta_terminos: true,
          terminos_version: 1,
        },
      ],
      ['/api/auth/olvido', { tenant: TENANT, email: newEmail() }],
      ['/api/auth/reenviar-validacion', { tenant: TENANT, email: newEmail() }],
    ] as const) {
      const response = await post(url, payload)
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ error: 'email_unavailable' })
    }
  })
})

describe('terms', () => {
  async function adminToken() {
    return signIn('admin@hospital-central.es', 'demo1234')
  }

  function publish(token: string, texto: unknown, tenant = TENANT) {
    return mailed.testApp?.app.inject({
      method: 'POST',
      url: `/api/admin/hospitales/${tenant}/terminos`,
      payload: { texto },
      headers: { 'x-authorization': `Bearer ${token}` },
    })
  }

  it('keeps registration closed at a hospital until it publishes its first terms', async () => {
    await start()
    const productAdmin = await signIn('plataforma@main.es', 'demo1234', 'main')
    const created = await mailed.testApp?.app.inject({
      method: 'POST',
      url: '/api/admin/hospitales',
      payload: {
        tenant: 'hospital-nuevo',
        nombre: 'Hospital Nuevo',
        color_primario: '#123456',
        color_secundario: '#abcdef',
      },
      headers: { 'x-authorization': `Bearer ${productAdmin}` },
    })
    expect(created?.statusCode).toBe(201)
    const email = newEmail()
    const closed = await register(email, { tenant: 'hospital-nuevo' })
    expect(closed.statusCode).toBe(409)
    expect(closed.json()).toMatchObject({
      error: 'no_terms',
      message: expect.stringContaining('todavía no está abierto') as unknown,
    })
    expect(mailed.inbox.messages.some((mail) => mail.to.includes(email))).toBe(false)

    expect(
      (await publish(productAdmin, 'Términos del centro.', 'hospital-nuevo'))?.statusCode,
    ).toBe(201)
    expect((await register(email, { tenant: 'hospital-nuevo' })).statusCode).toBe(202)
  })

  it('serves the current version; a new one asks patients to accept it again, recorded once', async () => {
    await start()
    const current = await mailed.testApp?.app.inject({
      method: 'GET',
      url: `/api/terminos?tenant=${TENANT}`,
    })
    expect(current?.json<TerminosVigentes>().vigentes).toMatchObject({
      version: 1,
      texto: expect.stringContaining('Hospital Central') as unknown,
    })

    const patient = await signIn('demo@hospital-central.es', 'demo1234')
    const published = await publish(await adminToken(), '  Nuevos términos.\n\nSegundo párrafo.  ')
    expect(published?.statusCode).toBe(201)
    expect(published?.json()).toMatchObject({
      version: 2,
      texto: 'Nuevos términos.\n\nSegundo párrafo.',
    })
    expect((await me(patient)).json()).toMatchObject({ terminos_pendientes: true })

    const accept = (version: unknown) =>
      mailed.testApp?.app.inject({
        method: 'POST',
        url: '/api/terminos/aceptar',
        payload: { version },
        headers: { 'x-authorization': `Bearer ${patient}` },
      })
    expect((await accept(1))?.statusCode).toBe(409)
    expect((await accept('2'))?.statusCode).toBe(400)
    expect((await accept(2))?.statusCode).toBe(204)
    expect((await accept(2))?.statusCode).toBe(204)
    expect((await me(patient)).json()).toMatchObject({ terminos_pendientes: false })
    // Staff are not asked.
    const professional = await signIn('profesional@hospital-central.es', 'demo1234')
    expect((await me(professional)).json()).toMatchObject({ terminos_pendientes: false })

    const audit = await mailed.testApp?.app.inject({
      method: 'GET',
      url: `/api/admin/hospitales/${TENANT}/auditoria`,
      headers: { 'x-authorization': `Bearer ${await adminToken()}` },
    })
    expect(audit?.json<{ accion: string }[]>()[0]).toMatchObject({ accion: 'terminos.publicados' })
  })

  it('lets only the hospital’s admins publish, and refuses hostile text', async () => {
    await start()
    const patient = await signIn('demo@hospital-central.es', 'demo1234')
    expect((await publish(patient, 'Texto'))?.statusCode).toBe(403)
    expect((await publish(await adminToken(), 'Texto', 'clinica-norte'))?.statusCode).toBe(403)
    const admin = await adminToken()
    for (const texto of ['', '   ', 'a\u0000b', 'a\u202Eb', 'x'.repeat(20_001), 42]) {
      expect((await publish(admin, texto))?.statusCode).toBe(400)
    }
    // The one rule of free texts: nothing visible, direction marks and line separators too, with
    // its one Spanish message.
    for (const texto of ['\u200B\u2800', 'a\u200Fb', 'a\u061Cb', 'a\u2028b', 'a\u000Bb']) {
      const refused = await publish(admin, texto)
      expect(refused?.statusCode, JSON.stringify(texto)).toBe(400)
      expect(refused?.json()).toEqual({
        error: 'invalid_request',
        message: freeTextMessage(TERMS_FIELD),
      })
    }
    const kept = await publish(admin, 'Primer párrafo.\n\n\tSegundo párrafo.')
    expect(kept?.statusCode).toBe(201)
    const none = await mailed.testApp?.app.inject({
      method: 'GET',
      url: '/api/terminos?tenant=no-existe',
    })
    expect(none?.json()).toEqual({ vigentes: null })
    const unauthenticated = await post('/api/terminos/aceptar', { version: 1 })
    expect(unauthenticated.statusCode).toBe(401)
  })
})
