import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Asistencia } from '../../src/contract/care.js'
import type { AsistenciaInmediataCreada } from '../../src/contract/immediate-care.js'
import type { RegistroConsulta } from '../../src/contract/record.js'
import {
  DEMO,
  newPatient,
  requestHelp,
  signIn,
  type CareClient,
  uploadPhoto,
} from '../testing/care-client.js'
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { makeImage } from '../uploads/testing/images.js'

let testApp: TestApp
let inbox: SmtpInbox
let clock: number

const RESUMEN = 'Cefalea tensional. Ibuprofeno 400 mg cada 8 horas, dos días como máximo.'

async function start(mail: object = {}) {
  testApp = await createTestApp({
    now: () => clock,
    careSweepIntervalMs: 0,
    mail: { smtpUrl: inbox.url, from: 'Clínica <avisos@example.org>', ...mail },
  })
}

beforeEach(async () => {
  clock = Date.parse('2026-11-23T10:00:00.000Z')
  inbox = await startSmtpInbox()
})

afterEach(async () => {
  await testApp.close()
  await inbox.close()
})

const as = (credentials: Parameters<typeof signIn>[1]) => signIn(testApp.app, credentials)

function upload(client: CareClient, id: string, file: Buffer) {
  return uploadPhoto(testApp.app, client, id, file)
}

/** A consultation with a photo, two messages and a summary, finished by the demo professional. */
async function finishedConsultation() {
  const patient = await as(DEMO.patient)
  const professional = await as(DEMO.professional)
  const id = await requestHelp(patient, 'Me duele la cabeza desde ayer.')
  expect((await upload(patient, id, await makeImage('png'))).statusCode).toBe(201)
  expect((await professional.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)
  clock += 60_000
  const question = { id: randomUUID(), texto: '¿Puedo tomar ibuprofeno?' }
  expect((await patient.call('POST', `/api/asistencias/${id}/mensajes`, question)).statusCode).toBe(
    201,
  )
  clock += 60_000
  const answer = { id: randomUUID(), texto: 'Sí, con el estómago lleno.' }
  expect(
    (await professional.call('POST', `/api/asistencias/${id}/mensajes`, answer)).statusCode,
  ).toBe(201)
  clock += 60_000
  const finished = await professional.call('POST', `/api/asistencias/${id}/finalizar`, {
    resumen: RESUMEN,
  })
  expect(finished.statusCode).toBe(200)
  return { id, patient, professional }
}

async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise
  const lines: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent()
    lines.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return lines.join('\n')
}

describe('the record of a consultation', { timeout: 30_000 }, () => {
  beforeEach(() => start())

  it('opens to its patient and the hospital’s staff, whole: reason, photos, conversation, summary', async () => {
    const { id, patient, professional } = await finishedConsultation()
    for (const reader of [patient, professional, await as(DEMO.admin)]) {
      const answer = await reader.call('GET', `/api/asistencias/${id}/registro`)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['cache-control']).toBe('no-store')
      const record = answer.json<RegistroConsulta>()
      expect(record.hospital).toMatchObject({
        nombre: 'Hospital Central',
        zona_horaria: 'Europe/Madrid',
      })
      expect(record.asistencia).toMatchObject({
        estado: 'finalizada',
        motivo: 'Me duele la cabeza desde ayer.',
        resumen: RESUMEN,
        profesional: { nombre: expect.any(String) as string },
      })
      expect(record.asistencia.fotos).toHaveLength(1)
      expect(record.mensajes.map((mensaje) => [mensaje.texto, mensaje.creado_en])).toEqual([
        ['¿Puedo tomar ibuprofeno?', '2026-11-23T10:01:00.000Z'],
        ['Sí, con el estómago lleno.', '2026-11-23T10:02:00.000Z'],
      ])
      expect(record.llamadas).toEqual([])
      expect(record.derivaciones).toEqual([])
    }
  })

  it('answers 404 to another patient and to another hospital’s staff, 401 without a session', async () => {
    const { id } = await finishedConsultation()
    const strangers = [
      await newPatient(testApp.app),
      await as(DEMO.otherHospitalProfessional),
      await newPatient(testApp.app, 'clinica-norte'),
    ]
    for (const stranger of strangers) {
      for (const path of ['registro', 'registro.pdf']) {
        const answer = await stranger.call('GET', `/api/asistencias/${id}/${path}`)
        expect(answer.statusCode).toBe(404)
        expect(answer.json<{ message: string }>().message).toBe('No se ha encontrado la consulta.')
      }
    }
    const anonymous = await testApp.app.inject({ url: `/api/asistencias/${id}/registro` })
    expect(anonymous.statusCode).toBe(401)
  })

  it('is not there while the consultation is open (409), and covers cancelled and expired ones', async () => {
    const patient = await as(DEMO.patient)
    const waiting = await requestHelp(patient)
    expect((await patient.call('GET', `/api/asistencias/${waiting}/registro`)).statusCode).toBe(409)
    expect((await patient.call('POST', `/api/asistencias/${waiting}/cancelar`)).statusCode).toBe(
      200,
    )
    const cancelled = await patient.call('GET', `/api/asistencias/${waiting}/registro`)
    expect(cancelled.json<RegistroConsulta>().asistencia.estado).toBe('cancelada')

    const forgotten = await requestHelp(patient, 'Nadie me atiende.')
    clock += 24 * 60 * 60_000
    const expired = await (
      await as(DEMO.professional)
    ).call('GET', `/api/asistencias/${forgotten}/registro`)
    expect(expired.statusCode).toBe(200)
    expect(expired.json<RegistroConsulta>().asistencia).toMatchObject({
      estado: 'caducada',
      profesional: null,
    })
  })

  it('lists the referral it led to', async () => {
    const { id, professional } = await finishedConsultation()
    const referralId = randomUUID()
    const referred = await professional.call('POST', `/api/asistencias/${id}/derivar`, {
      id: referralId,
      especialidad: 'Pediatría',
      nota: 'Valorar en pediatría.',
    })
    expect(referred.statusCode).toBe(201)
    const record = (
      await professional.call('GET', `/api/asistencias/${id}/registro`)
    ).json<RegistroConsulta>()
    expect(record.derivaciones.map((entry: Asistencia) => [entry.id, entry.especialidad])).toEqual([
      [referralId, 'Pediatría'],
    ])
  })

  it('downloads as a Spanish PDF with the summary and the conversation, in the hospital’s time', async () => {
    const { id, patient } = await finishedConsultation()
    const answer = await patient.call('GET', `/api/asistencias/${id}/registro.pdf`)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/pdf')
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="consulta-2026-11-23.pdf"',
    )
    const text = await pdfText(answer.rawPayload)
    expect(text).toContain('Hospital Central')
    expect(text).toContain(RESUMEN)
    expect(text).toContain('¿Puedo tomar ibuprofeno?')
    expect(text).toContain('Me duele la cabeza desde ayer.')
    // 10:03 UTC is 11:03 in Madrid in November.
    expect(text).toMatch(/Cerrada:\s+23 de noviembre de 2026 a las 11:03/)
  })

  it('writes staff reads of the record and of its PDF to the audit log, never the patient’s own', async () => {
    const { id, patient, professional } = await finishedConsultation()
    await patient.call('GET', `/api/asistencias/${id}/registro`)
    await patient.call('GET', `/api/asistencias/${id}/registro.pdf`)
    await professional.call('GET', `/api/asistencias/${id}/registro`)
    clock += 1000
    await professional.call('GET', `/api/asistencias/${id}/registro.pdf`)
    const admin = await as(DEMO.admin)
    const log = (await admin.call('GET', '/api/admin/hospitales/hospital-central/auditoria')).json<
      { autor: string; accion: string; objeto: string; despues: unknown }[]
    >()
    expect(
      log
        .filter((entry) => entry.objeto === id)
        .map((entry) => [entry.autor, entry.accion, entry.despues]),
    ).toEqual([
      ['profesional@hospital-central.es', 'asistencia.consultada', { leido: 'registro_pdf' }],
      ['profesional@hospital-central.es', 'asistencia.consultada', { leido: 'registro' }],
    ])
  })
})

async function guestConsultation(contacto: string) {
  const terms = await testApp.app.inject({ url: '/api/terminos?tenant=hospital-central' })
  const version = terms.json<{ vigentes: { version: number } | null }>().vigentes?.version
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/asistencias/inmediata',
    payload: {
      id: randomUUID(),
      tenant: 'hospital-central',
      nombre: 'Lucía Invitada',
      contacto,
      motivo: 'Me he cortado la mano.',
      acepta_terminos: true,
      ...(version === undefined ? {} : { terminos_version: version }),
    },
  })
  expect(created.statusCode).toBe(201)
  const { asistencia } = created.json<AsistenciaInmediataCreada>()
  const professional = await as(DEMO.professional)
  await professional.call('POST', `/api/asistencias/${asistencia.id}/atender`)
  await professional.call('POST', `/api/asistencias/${asistencia.id}/mensajes`, {
    id: randomUUID(),
    texto: 'Texto privado de la conversación.',
  })
  const finished = await professional.call('POST', `/api/asistencias/${asistencia.id}/finalizar`, {
    resumen: RESUMEN,
  })
  return { id: asistencia.id, finished }
}

/** A port nothing listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve()
    })
  })
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

// Each consultation takes a dozen requests: slower than the default on a busy machine.
describe('a guest’s summary by email', { timeout: 30_000 }, () => {
  it('is mailed to the address the guest left, with the hospital’s name and never the conversation', async () => {
    await start()
    const { finished } = await guestConsultation('Lucia@Example.org')
    expect(finished.statusCode).toBe(200)
    const mail = await inbox.waitFor((received) => received.to.includes('lucia@example.org'))
    expect(mail.subject).toBe('Resumen de tu consulta · Hospital Central')
    expect(mail.text).toContain(RESUMEN)
    expect(mail.text).toContain('Hospital Central')
    expect(mail.html).toContain('Cefalea tensional')
    expect(mail.raw).not.toContain('Texto privado')
  })

  it('is not mailed to a phone number, nor for a signed-in patient', async () => {
    await start()
    await guestConsultation('+34 600 123 456')
    await finishedConsultation()
    // A later guest with an email: once theirs arrives, the earlier ones would have too.
    await guestConsultation('marca@example.org')
    await inbox.waitFor((received) => received.to.includes('marca@example.org'))
    expect(inbox.messages).toHaveLength(1)
  })

  it('counts under the per-address email limit', async () => {
    testApp = await createTestApp({
      now: () => clock,
      careSweepIntervalMs: 0,
      mail: { smtpUrl: inbox.url },
      joinRateLimits: { perEmail: { max: 1, timeWindowMs: 60 * 60_000 } },
    })
    await guestConsultation('repite@example.org')
    await inbox.waitFor((received) => received.to.includes('repite@example.org'))
    const second = await guestConsultation('repite@example.org')
    expect(second.finished.statusCode).toBe(200)
    await guestConsultation('otra@example.org')
    await inbox.waitFor((received) => received.to.includes('otra@example.org'))
    expect(inbox.messages.filter((mail) => mail.to.includes('repite@example.org'))).toHaveLength(1)
  })

  it('lets the consultation end while the mail server is down, and arrives once it is back', async () => {
    const port = await closedPort()
    await inbox.close()
    let failed: () => void = () => undefined
    const firstFailure = new Promise<void>((resolve) => {
      failed = resolve
    })
    testApp = await createTestApp({
      now: () => clock,
      careSweepIntervalMs: 0,
      mail: { smtpUrl: `smtp://127.0.0.1:${String(port)}`, summaryRetryDelaysMs: [500, 1000] },
      logger: {
        level: 'warn',
        stream: {
          write(line: string) {
            if (line.includes('summary email failed; trying again')) failed()
          },
        },
      },
    })
    const { id, finished } = await guestConsultation('paciente@example.org')
    expect(finished.statusCode).toBe(200)
    expect(finished.json<Asistencia>()).toMatchObject({ id, estado: 'finalizada' })
    await firstFailure
    inbox = await startSmtpInbox({ port })
    const mail = await inbox.waitFor((received) => received.to.includes('paciente@example.org'))
    expect(mail.text).toContain(RESUMEN)
  })
})
