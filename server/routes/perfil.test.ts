/**
 * "Mi perfil" through the API, on the engine under test: the name, the password (other sessions
 * end), the email change (a single-use, expiring link to the new address; the old one told), and a
 * patient's data: the export (their own data only, within its limits), who read it, and closing
 * the account (what is erased, what is kept, no way back in).
 */
import { randomUUID } from 'node:crypto'
import { unzipSync, strFromU8 } from 'fflate'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Asistencia } from '../../src/contract/care.js'
import { EXPORT_JSON_NAME, type LecturasDeMisDatos } from '../../src/contract/profile.js'
import type { AppDatabase } from '../database/schema.js'
import type { MisDatos } from '../care/data-export.js'
import { DEMO, newPatient, requestHelp, signIn, type CareClient } from '../testing/care-client.js'
import { linkIn, startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../testing/smtp-inbox.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'
import { makeImage } from '../uploads/testing/images.js'

const PUBLIC_URL = 'https://clinica.example.org'
const TENANT = 'hospital-central'
const PATIENT_PASSWORD = 'contrasena-segura'
const HOUR = 3600_000

let inbox: SmtpInbox
let testApp: TestApp | undefined
let db: AppDatabase | undefined
let clock = Date.parse('2026-11-23T10:00:00.000Z')

beforeAll(async () => {
  inbox = await startSmtpInbox()
})

afterAll(async () => {
  await inbox.close()
})

afterEach(async () => {
  await testApp?.close()
  await db?.destroy()
  testApp = undefined
  db = undefined
})

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  clock = Date.parse('2026-11-23T10:00:00.000Z')
  db = await createTestDatabase()
  testApp = await createTestApp({
    database: db,
    now: () => clock,
    careSweepIntervalMs: 0,
    mail: { smtpUrl: inbox.url, publicUrl: PUBLIC_URL, from: 'Clínica <avisos@example.org>' },
    ...options,
  })
  return testApp.app
}

function app() {
  if (!testApp) throw new Error('start() first')
  return testApp.app
}

function database() {
  if (!db) throw new Error('start() first')
  return db
}

async function emailOf(client: CareClient): Promise<string> {
  const response = await client.call('GET', '/api/perfil')
  expect(response.statusCode).toBe(200)
  return response.json<{ email: string }>().email
}

function mailTo(email: string, subject: RegExp): Promise<ReceivedMail> {
  return inbox.waitFor((mail) => mail.to.includes(email) && subject.test(mail.subject))
}

function uploadPhoto(client: CareClient, id: string, file: Buffer) {
  const boundary = '----clinica-test'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="foto.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return app().inject({
    method: 'POST',
    url: `/api/asistencias/${id}/fotos`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-authorization': `Bearer ${client.token}`,
    },
  })
}

/** A consultation of `patient` taken by the demo professional, a message each way, finished. */
async function finishedConsultation(patient: CareClient, motivo: string, withPhoto = false) {
  const professional = await signIn(app(), DEMO.professional)
  const id = await requestHelp(patient, motivo)
  if (withPhoto)
    expect((await uploadPhoto(patient, id, await makeImage('png'))).statusCode).toBe(201)
  expect((await professional.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)
  for (const [author, texto] of [
    [patient, `${motivo} ¿Puedo tomar ibuprofeno?`],
    [professional, 'Sí, cada ocho horas.'],
  ] as const) {
    // Messages of one instant would come back in id order.
    clock += 1000
    const sent = await author.call('POST', `/api/asistencias/${id}/mensajes`, {
      id: randomUUID(),
      texto,
    })
    expect(sent.statusCode).toBeLessThan(300)
  }
  const finished = await professional.call('POST', `/api/asistencias/${id}/finalizar`, {
    resumen: `Resumen de ${motivo}`,
  })
  expect(finished.statusCode).toBe(200)
  const rated = await patient.call('PUT', `/api/asistencias/${id}/valoracion`, {
    puntuacion: 5,
    comentario: 'Muy amable, gracias.',
  })
  expect(rated.statusCode).toBeLessThan(300)
  return { id, professional }
}

describe('name and password', { timeout: 30_000 }, () => {
  it('changes the name, and a new password (the current one asked) ends the other sessions only', async () => {
    await start()
    const patient = await newPatient(app(), TENANT, 'Lucía Gómez')
    const email = await emailOf(patient)
    const otherDevice = await signIn(app(), { email, password: PATIENT_PASSWORD, tenant: TENANT })

    const renamed = await patient.call('PUT', '/api/perfil/nombre', {
      nombre: '  Lucía Gómez Ruiz ',
    })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json<{ nombre: string }>().nombre).toBe('Lucía Gómez Ruiz')
    expect((await patient.call('GET', '/api/me')).json<{ nombre: string }>().nombre).toBe(
      'Lucía Gómez Ruiz',
    )
    expect((await patient.call('PUT', '/api/perfil/nombre', { nombre: ' ' })).statusCode).toBe(400)

    const wrong = await patient.call('POST', '/api/perfil/contrasena', {
      actual: 'no-es-la-buena',
      nueva: 'otra-contrasena-larga',
    })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json<{ error: string }>().error).toBe('wrong_password')
    const weak = await patient.call('POST', '/api/perfil/contrasena', {
      actual: PATIENT_PASSWORD,
      nueva: '1234567890',
    })
    expect(weak.statusCode).toBe(400)
    expect(weak.json<{ error: string }>().error).toBe('weak_password')
    // Nothing changed so far: both devices are still signed in.
    expect((await otherDevice.call('GET', '/api/me')).statusCode).toBe(200)

    const changed = await patient.call('POST', '/api/perfil/contrasena', {
      actual: PATIENT_PASSWORD,
      nueva: 'otra-contrasena-larga',
    })
    expect(changed.statusCode).toBe(200)
    const { token } = changed.json<{ token: string }>()
    const me = await app().inject({
      url: '/api/me',
      headers: { 'x-authorization': `Bearer ${token}` },
    })
    expect(me.statusCode).toBe(200)
    const ended = await otherDevice.call('GET', '/api/me')
    expect(ended.statusCode).toBe(401)
    expect(ended.json<{ error: string }>().error).toBe('password_changed')
    expect((await patient.call('GET', '/api/me')).statusCode).toBe(401)
    await signIn(app(), { email, password: 'otra-contrasena-larga', tenant: TENANT })
  })

  it('refuses a guest of immediate care and a request without a session', async () => {
    await start()
    expect((await app().inject({ url: '/api/perfil' })).statusCode).toBe(401)
    const professional = await signIn(app(), DEMO.professional)
    const profile = (await professional.call('GET', '/api/perfil')).json<{ mis_datos: boolean }>()
    expect(profile.mis_datos).toBe(false)
    expect((await professional.call('GET', '/api/perfil/datos')).statusCode).toBe(403)
    expect((await professional.call('GET', '/api/perfil/lecturas')).statusCode).toBe(403)
  })
})

describe('email change', { timeout: 30_000 }, () => {
  it('is confirmed once from the link sent to the new address, and the old address is told', async () => {
    await start()
    const patient = await newPatient(app(), TENANT, 'Marta Ruiz')
    const old = await emailOf(patient)
    const nuevo = `marta.${randomUUID().slice(0, 8)}@example.org`

    const wrong = await patient.call('POST', '/api/perfil/correo', {
      email: nuevo,
      password: 'no-es-la-buena',
    })
    expect(wrong.statusCode).toBe(403)
    const asked = await patient.call('POST', '/api/perfil/correo', {
      email: ` ${nuevo.toUpperCase()} `,
      password: PATIENT_PASSWORD,
    })
    expect(asked.statusCode).toBe(202)
    const mail = await mailTo(nuevo, /Confirma tu nuevo correo electrónico · Hospital Central/)
    expect(mail.text).toContain('24 horas')
    const link = linkIn(mail, 'perfil')
    expect(link.origin).toBe(PUBLIC_URL)
    expect(link.pathname).toBe(`/${TENANT}/perfil`)
    const codigo = link.searchParams.get('codigo') ?? ''
    // Not changed until confirmed.
    expect(await emailOf(patient)).toBe(old)

    const confirm = () =>
      app().inject({
        method: 'POST',
        url: '/api/perfil/correo/confirmar',
        payload: { tenant: TENANT, codigo },
      })
    const confirmed = await confirm()
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toEqual({ email: nuevo })
    expect(await emailOf(patient)).toBe(nuevo)
    const told = await mailTo(old, /Tu correo electrónico ha cambiado/)
    expect(told.text).toContain(nuevo)

    const again = await confirm()
    expect(again.statusCode).toBe(400)
    expect(again.json<{ error: string }>().error).toBe('code_used')
    await signIn(app(), { email: nuevo, password: PATIENT_PASSWORD, tenant: TENANT })
    const oldSignIn = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: old, password: PATIENT_PASSWORD, tenant: TENANT },
    })
    expect(oldSignIn.statusCode).toBe(401)
  })

  it('expires, works for its own hospital only, and never takes an address another account holds', async () => {
    await start()
    const patient = await newPatient(app(), TENANT, 'Pablo Díaz')
    const old = await emailOf(patient)
    const nuevo = `pablo.${randomUUID().slice(0, 8)}@example.org`
    expect(
      (
        await patient.call('POST', '/api/perfil/correo', {
          email: nuevo,
          password: PATIENT_PASSWORD,
        })
      ).statusCode,
    ).toBe(202)
    const codigo =
      linkIn(await mailTo(nuevo, /Confirma tu nuevo correo/), 'perfil').searchParams.get(
        'codigo',
      ) ?? ''
    const confirm = (tenant: string) =>
      app().inject({
        method: 'POST',
        url: '/api/perfil/correo/confirmar',
        payload: { tenant, codigo },
      })
    expect((await confirm('clinica-norte')).json<{ error: string }>().error).toBe('code_unknown')
    clock += 25 * HOUR
    const late = await confirm(TENANT)
    expect(late.statusCode).toBe(400)
    expect(late.json<{ error: string }>().error).toBe('code_expired')
    // The session has expired meanwhile too: a new one.
    const again = await signIn(app(), { email: old, password: PATIENT_PASSWORD, tenant: TENANT })

    // An address another account of the hospital holds: the same answer, no link, nothing changed.
    const taken = await again.call('POST', '/api/perfil/correo', {
      email: DEMO.patient.email,
      password: PATIENT_PASSWORD,
    })
    expect(taken.statusCode).toBe(202)
    const notice = await mailTo(DEMO.patient.email, /Esta dirección ya tiene una cuenta/)
    expect(notice.text).not.toContain('codigo=')
    expect(await emailOf(again)).toBe(old)
  })
})

describe('my data', { timeout: 30_000 }, () => {
  it('downloads the patient’s own requests, messages, summaries, ratings and photos, and nobody else’s', async () => {
    await start()
    const patient = await newPatient(app(), TENANT, 'Elena Martín')
    const other = await newPatient(app(), TENANT, 'Otro Paciente')
    const { id } = await finishedConsultation(patient, 'Dolor de rodilla.', true)
    const otherId = await requestHelp(other, 'Motivo de otra persona que nadie más debe ver.')

    const response = await patient.call('GET', '/api/perfil/datos')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['content-type']).toBe('application/zip')
    expect(response.headers['content-disposition']).toBe('attachment; filename="mis-datos.zip"')
    const files = unzipSync(new Uint8Array(response.rawPayload))
    const datos = JSON.parse(strFromU8(files[EXPORT_JSON_NAME] ?? new Uint8Array())) as MisDatos
    expect(datos.cuenta.nombre).toBe('Elena Martín')
    expect(datos.cuenta.email).toBe(await emailOf(patient))
    expect(datos.solicitudes.map((s) => s.id)).toEqual([id])
    const [solicitud] = datos.solicitudes
    expect(solicitud?.resumen).toBe('Resumen de Dolor de rodilla.')
    expect(solicitud?.valoracion).toEqual({ puntuacion: 5, comentario: 'Muy amable, gracias.' })
    expect(datos.mensajes.map((m) => m.texto)).toEqual([
      'Dolor de rodilla. ¿Puedo tomar ibuprofeno?',
      'Sí, cada ocho horas.',
    ])
    expect(datos.fotos).toHaveLength(1)
    const photo = files[datos.fotos[0]?.archivo ?? '']
    // A JPEG, as the hospital keeps it.
    expect(Array.from(photo?.subarray(0, 3) ?? [])).toEqual([0xff, 0xd8, 0xff])
    expect(datos.fotos_omitidas).toBe(0)
    const everything = Object.entries(files)
      .map(([name, bytes]) => name + strFromU8(bytes, true))
      .join('\n')
    expect(everything).not.toContain(otherId)
    expect(everything).not.toContain('Motivo de otra persona')
    expect(everything).not.toContain('Otro Paciente')
  })

  it('keeps within its limits and says what it left out', async () => {
    await start({ exportLimits: { maxRequests: 1, maxPhotoBytes: 1 } })
    const patient = await newPatient(app(), TENANT, 'Limitada')
    await finishedConsultation(patient, 'Primera.', true)
    clock += 60_000
    const { id } = await finishedConsultation(patient, 'Segunda.')
    const response = await patient.call('GET', '/api/perfil/datos')
    const files = unzipSync(new Uint8Array(response.rawPayload))
    const datos = JSON.parse(strFromU8(files[EXPORT_JSON_NAME] ?? new Uint8Array())) as MisDatos
    expect(datos.solicitudes.map((s) => s.id)).toEqual([id])
    expect(datos.solicitudes_omitidas).toBe(1)
    expect(Object.keys(files).filter((name) => name.startsWith('fotos/'))).toEqual([])
  })

  it('lists which staff read the patient’s consultations, when, and which', async () => {
    await start()
    const patient = await newPatient(app(), TENANT, 'Sara León')
    const other = await newPatient(app(), TENANT, 'Otra Persona')
    const { id, professional } = await finishedConsultation(patient, 'Fiebre.')
    clock += 60_000
    expect((await professional.call('GET', `/api/asistencias/${id}/registro`)).statusCode).toBe(200)
    // The patient's own reads are not staff reads.
    expect((await patient.call('GET', `/api/asistencias/${id}/registro`)).statusCode).toBe(200)

    const { lecturas } = (
      await patient.call('GET', '/api/perfil/lecturas')
    ).json<LecturasDeMisDatos>()
    expect(lecturas).toHaveLength(1)
    expect(lecturas[0]).toMatchObject({
      profesional: { nombre: 'Javier Ortega', rol: 'profesional' },
      asistencia: { id, motivo: 'Fiebre.' },
      ultima: new Date(clock).toISOString(),
    })
    expect(lecturas[0]?.veces).toBeGreaterThanOrEqual(1)
    const theirs = (await other.call('GET', '/api/perfil/lecturas')).json<LecturasDeMisDatos>()
    expect(theirs.lecturas).toEqual([])
  })

  it('closes the account: no way back in, contact data erased, the consultation kept for the staff as "Cuenta cerrada"', async () => {
    await start()
    const patient = await newPatient(app(), TENANT, 'Irene Vidal')
    const email = await emailOf(patient)
    const { id, professional } = await finishedConsultation(patient, 'Tos seca.')
    const { id: userId } = (await patient.call('GET', '/api/me')).json<{ id: number }>()
    await database()
      .insertInto('suscripciones_push')
      .values({
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
        p256dh: 'clave',
        auth: 'secreto',
        user_id: userId,
        tenant: TENANT,
        creada_en: new Date(clock).toISOString(),
      })
      .execute()
    const open = await requestHelp(patient, 'Otra consulta abierta.')

    const wrong = await patient.call('POST', '/api/perfil/cerrar', { password: 'no-es-la-buena' })
    expect(wrong.statusCode).toBe(403)
    const refused = await patient.call('POST', '/api/perfil/cerrar', { password: PATIENT_PASSWORD })
    expect(refused.statusCode).toBe(409)
    expect((await patient.call('POST', `/api/asistencias/${open}/cancelar`)).statusCode).toBe(200)

    const closed = await patient.call('POST', '/api/perfil/cerrar', { password: PATIENT_PASSWORD })
    expect(closed.statusCode).toBe(204)
    expect((await patient.call('GET', '/api/me')).statusCode).toBe(401)
    const signInAgain = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PATIENT_PASSWORD, tenant: TENANT },
    })
    expect(signInAgain.statusCode).toBe(401)

    const row = await database()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(row.email).not.toBe(email)
    expect(row.email).toMatch(/\.invalid$/)
    expect(row.activo).toBe(0)
    expect(row.cerrada_en).toBe(new Date(clock).toISOString())
    const subscriptions = await database()
      .selectFrom('suscripciones_push')
      .select('id')
      .where('user_id', '=', userId)
      .execute()
    expect(subscriptions).toEqual([])
    const audit = await database()
      .selectFrom('audit_log')
      .selectAll()
      .where('accion', '=', 'cuenta.cerrada')
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]?.tenant).toBe(TENANT)
    expect(JSON.stringify(audit)).not.toContain(email)

    // The clinical record stays for the staff, saying the account is closed; the comment is gone.
    const seen = await professional.call('GET', `/api/asistencias/${id}`)
    expect(seen.statusCode).toBe(200)
    const asistencia = seen.json<Asistencia>()
    expect(asistencia.paciente).toMatchObject({ nombre: 'Irene Vidal', cuenta_cerrada: true })
    expect(asistencia.resumen).toBe('Resumen de Tos seca.')
    expect(asistencia.valoracion).toEqual({ puntuacion: 5 })
    const messages = await professional.call('GET', `/api/asistencias/${id}/mensajes`)
    expect(messages.json<unknown[]>()).toHaveLength(2)
  })
})
