/**
 * A live stream ends with its session, whatever ends it, within seconds: the heartbeat here is
 * a minute long, so only the prompt end (the same session check as every request, run when
 * sessions end) can close these streams in time.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EVENTOS, type Asistencia } from '../../src/contract/care.js'
import type { AsistenciaInmediataCreada } from '../../src/contract/immediate-care.js'
import { DEMO, newPatient, requestHelp, signIn, type CareClient } from '../testing/care-client.js'
import { openEventStream, type TestEventStream } from '../testing/event-stream.js'
import { linkIn, startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

const PROMPTLY_MS = 5_000
const TENANT = 'hospital-central'

let inbox: SmtpInbox
let testApp: TestApp | undefined
let baseUrl = ''
const streams: TestEventStream[] = []

beforeAll(async () => {
  inbox = await startSmtpInbox()
})

afterAll(async () => {
  await inbox.close()
})

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close()
  await testApp?.close()
  testApp = undefined
})

async function start() {
  testApp = await createTestApp({
    careSweepIntervalMs: 0,
    liveHeartbeatMs: 60_000,
    mail: { smtpUrl: inbox.url, publicUrl: 'https://clinica.example' },
  })
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  return testApp.app
}

async function stream(token: string) {
  const opened = await openEventStream(baseUrl, token)
  expect(opened.status).toBe(200)
  streams.push(opened)
  return opened
}

/** Waits for the server to end `opened` for `motivo`, and for the connection to close. */
async function expectEndedFor(opened: TestEventStream, motivo: string) {
  const cierre = await opened.next((event) => event.event === EVENTOS.cierre, {
    timeoutMs: PROMPTLY_MS,
  })
  expect(JSON.parse(cierre.data)).toEqual({ motivo })
  await opened.ended
}

async function accountId(admin: CareClient, email: string): Promise<number> {
  const accounts = (await admin.call('GET', `/api/admin/hospitales/${TENANT}/cuentas`)).json<
    { id: number; email: string }[]
  >()
  const found = accounts.find((account) => account.email === email)
  if (!found) throw new Error(`No account ${email}`)
  return found.id
}

const asistencia = (event: { data: string }) => JSON.parse(event.data) as Asistencia

describe('a live stream and the end of its session', { timeout: 30_000 }, () => {
  it('ends at a reset by access code, while the new session streams on', async () => {
    const app = await start()
    const patient = await signIn(app, DEMO.patient)
    const before = await stream(patient.token)
    const admin = await signIn(app, DEMO.admin)
    const issued = await admin.call(
      'PATCH' as 'PUT',
      `/api/admin/hospitales/${TENANT}/cuentas/${String(await accountId(admin, DEMO.patient.email))}`,
      { restablecer_acceso: true },
    )
    const { codigo_acceso } = issued.json<{ codigo_acceso: string }>()
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/restablecer-acceso',
      payload: { ...DEMO.patient, codigo: codigo_acceso, password: 'nueva-clave-segura' },
    })
    expect(reset.statusCode).toBe(204)

    await expectEndedFor(before, 'sesion')
    const after = await signIn(app, { ...DEMO.patient, password: 'nueva-clave-segura' })
    const current = await stream(after.token)
    const id = await requestHelp(after)
    await current.next((event) => event.event === EVENTOS.asistencia && asistencia(event).id === id)
    expect(before.events.some((event) => event.event === EVENTOS.asistencia)).toBe(false)
  })

  it('ends at a reset through the emailed link', async () => {
    const app = await start()
    const patient = await newPatient(app)
    const admin = await signIn(app, DEMO.admin)
    const accounts = (await admin.call('GET', `/api/admin/hospitales/${TENANT}/cuentas`)).json<
      { email: string; nombre: string }[]
    >()
    const email = accounts.find((account) => account.nombre === 'Otra Paciente')?.email ?? ''
    const before = await stream(patient.token)
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/olvido',
      payload: { tenant: TENANT, email },
    })
    expect(asked.statusCode).toBe(202)
    const mail = await inbox.waitFor((item) => item.to.includes(email))
    const codigo = linkIn(mail, 'restablecer-acceso').searchParams.get('codigo') ?? ''
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/restablecer-enlace',
      payload: { tenant: TENANT, codigo, password: 'nueva-clave-segura' },
    })
    expect(reset.statusCode).toBe(200)

    await expectEndedFor(before, 'sesion')
  })

  it('ends when the account or its hospital is disabled', async () => {
    const app = await start()
    const patient = await newPatient(app)
    const admin = await signIn(app, DEMO.admin)
    const ofPatient = await stream(patient.token)
    const accounts = (await admin.call('GET', `/api/admin/hospitales/${TENANT}/cuentas`)).json<
      { id: number; nombre: string }[]
    >()
    const id = accounts.find((account) => account.nombre === 'Otra Paciente')?.id
    const disabled = await admin.call(
      'PATCH' as 'PUT',
      `/api/admin/hospitales/${TENANT}/cuentas/${String(id)}`,
      { activo: false },
    )
    expect(disabled.statusCode).toBe(200)
    await expectEndedFor(ofPatient, 'sesion')

    const professional = await stream((await signIn(app, DEMO.professional)).token)
    const platform = await signIn(app, {
      email: 'plataforma@main.es',
      password: 'demo1234',
      tenant: 'main',
    })
    const read = await platform.call('GET', `/api/admin/hospitales/${TENANT}`)
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/admin/hospitales/${TENANT}`,
      headers: {
        'x-authorization': `Bearer ${platform.token}`,
        'if-match': String(read.headers.etag),
      },
      payload: { activo: false },
    })
    expect(saved.statusCode).toBe(200)
    await expectEndedFor(professional, 'sesion')
  })

  it("ends a guest's stream at its cancellation, and after its consultation's last event at its end", async () => {
    const app = await start()
    const asGuest = async () => {
      const terms = (await app.inject({ url: `/api/terminos?tenant=${TENANT}` })).json<{
        vigentes: { version: number } | null
      }>()
      const created = await app.inject({
        method: 'POST',
        url: '/api/asistencias/inmediata',
        payload: {
          id: randomUUID(),
          tenant: TENANT,
          nombre: 'Lucía Invitada',
          contacto: '+34 600 123 456',
          motivo: 'Me he cortado la mano.',
          acepta_terminos: true,
          ...(terms.vigentes ? { terminos_version: terms.vigentes.version } : {}),
        },
        remoteAddress: `203.0.113.${String(Math.floor(Math.random() * 200) + 1)}`,
      })
      expect(created.statusCode).toBe(201)
      const answer = created.json<AsistenciaInmediataCreada>()
      return { id: answer.asistencia.id, token: answer.sesion?.token ?? '' }
    }
    const guestCall = (token: string, url: string, payload?: object) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'x-authorization': `Bearer ${token}` },
      })

    const cancelling = await asGuest()
    const cancelled = await stream(cancelling.token)
    expect(
      (await guestCall(cancelling.token, `/api/asistencias/${cancelling.id}/cancelar`)).statusCode,
    ).toBe(200)
    await expectEndedFor(cancelled, 'sesion')

    const finishing = await asGuest()
    const followed = await stream(finishing.token)
    const professional = await signIn(app, DEMO.professional)
    await professional.call('POST', `/api/asistencias/${finishing.id}/atender`)
    const finished = await professional.call('POST', `/api/asistencias/${finishing.id}/finalizar`, {
      resumen: 'Cura y vendaje.',
    })
    expect(finished.statusCode).toBe(200)
    await expectEndedFor(followed, 'sesion')
    // The way to the thanks screen came first.
    const last = followed.events.filter((event) => event.event === EVENTOS.asistencia).at(-1)
    expect(last && asistencia(last)).toMatchObject({ id: finishing.id, estado: 'finalizada' })
  })
})
