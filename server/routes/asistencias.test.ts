import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  MAX_FOTOS_POR_ASISTENCIA,
  MENSAJES_POR_VENTANA,
  MENSAJES_VENTANA_MS,
  MOTIVO_MAX_LENGTH,
  type Asistencia,
  type Mensaje,
  type Profesional,
} from '../../src/contract/care.js'
import type { EstadisticasHoy } from '../../src/contract/shift-board.js'
import { DEMO, newPatient, requestHelp, signIn, type CareClient } from '../testing/care-client.js'
import type { AppDatabase } from '../database/schema.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'
import { makeImage, makeJpegWithExif } from '../uploads/testing/images.js'
import { FOTO_CACHE_SECONDS } from './asistencia-fotos.js'

let testApp: TestApp
let database: AppDatabase
let clock: number

beforeEach(async () => {
  clock = Date.parse('2026-11-23T10:00:00.000Z')
  database = await createTestDatabase()
  testApp = await createTestApp({ database, now: () => clock, careSweepIntervalMs: 0 })
})

afterEach(async () => {
  await testApp.close()
  await database.destroy()
})

const minutes = (count: number) => count * 60_000
const as = (credentials: Parameters<typeof signIn>[1]) => signIn(testApp.app, credentials)

async function take(professional: CareClient, id: string) {
  const response = await professional.call('POST', `/api/asistencias/${id}/atender`)
  expect(response.statusCode).toBe(200)
  return response.json<Asistencia>()
}

function multipart(file: Buffer, field = 'foto') {
  const boundary = '----clinica-test'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="foto.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

function upload(client: CareClient, id: string, file: Buffer, field = 'foto') {
  const { payload, headers } = multipart(file, field)
  return testApp.app.inject({
    method: 'POST',
    url: `/api/asistencias/${id}/fotos`,
    payload,
    headers: { ...headers, 'x-authorization': `Bearer ${client.token}` },
  })
}

describe('asking for help', () => {
  it('answers 401 without a session', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/asistencias',
      payload: { id: randomUUID(), motivo: 'Fiebre' },
    })
    expect(response.statusCode).toBe(401)
    expect((await testApp.app.inject({ url: '/api/asistencias' })).statusCode).toBe(401)
  })

  it('creates the request once, whatever the network repeats, and never caches it', async () => {
    const patient = await as(DEMO.patient)
    const body = { id: randomUUID(), motivo: 'Fiebre alta desde anoche', especialidad: 'Pediatría' }
    const first = await patient.call('POST', '/api/asistencias', body)
    expect(first.statusCode).toBe(201)
    expect(first.headers['cache-control']).toBe('no-store')
    const record = first.json<Asistencia>()
    expect(record).toMatchObject({
      id: body.id,
      tenant: 'hospital-central',
      estado: 'en_espera',
      origen: 'paciente',
      motivo: body.motivo,
      especialidad: 'Pediatría',
      paciente: { nombre: 'Lucía Martín' },
      profesional: null,
      fotos: [],
      caduca_en: '2026-11-23T10:30:00.000Z',
      // Nobody is connected to take it: no estimate, whatever the history.
      espera: { posicion: 1, estimacion_minutos: null, profesionales_conectados: 0 },
    })
    const replay = await patient.call('POST', '/api/asistencias', body)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual(record)

    const mine = (await patient.call('GET', '/api/asistencias')).json<Asistencia[]>()
    expect(mine.filter((item) => item.id === body.id)).toHaveLength(1)
  })

  it('refuses an id already used, alike for its owner with another body and for anyone else', async () => {
    const patient = await as(DEMO.patient)
    const other = await newPatient(testApp.app)
    const id = await requestHelp(patient, 'Dolor de espalda')
    const changed = await patient.call('POST', '/api/asistencias', { id, motivo: 'Otra cosa' })
    const foreign = await other.call('POST', '/api/asistencias', { id, motivo: 'Dolor de espalda' })
    expect(changed.statusCode).toBe(409)
    expect(foreign.statusCode).toBe(409)
    expect(foreign.json()).toEqual(changed.json())
    expect(foreign.body).not.toContain('Dolor de espalda')
  })

  it('is only for patients', async () => {
    for (const account of [DEMO.professional, DEMO.admin]) {
      const client = await as(account)
      const response = await client.call('POST', '/api/asistencias', {
        id: randomUUID(),
        motivo: 'Prueba',
      })
      expect(response.statusCode).toBe(403)
    }
  })

  it('refuses a new request until the patient accepts the terms published since', async () => {
    const admin = await as(DEMO.admin)
    const published = await admin.call('POST', '/api/admin/hospitales/hospital-central/terminos', {
      texto: 'Nuevos términos del centro.',
    })
    expect(published.statusCode).toBe(201)
    const { version } = published.json<{ version: number }>()
    const patient = await as(DEMO.patient)
    const body = { id: randomUUID(), motivo: 'Dolor de cabeza' }
    const stopped = await patient.call('POST', '/api/asistencias', body)
    expect(stopped.statusCode).toBe(409)
    expect(stopped.json()).toEqual({
      error: 'terms_changed',
      message:
        'Los términos y condiciones de tu centro han cambiado: acéptalos antes de solicitar asistencia.',
    })
    const listed = (await patient.call('GET', '/api/asistencias')).json<Asistencia[]>()
    expect(listed.map((entry) => entry.id)).not.toContain(body.id)
    const accepted = await patient.call('POST', '/api/terminos/aceptar', { version })
    expect(accepted.statusCode).toBe(204)
    expect((await patient.call('POST', '/api/asistencias', body)).statusCode).toBe(201)
  })

  it('refuses hostile input with a Spanish 400', async () => {
    const patient = await as(DEMO.patient)
    const cases = [
      { id: randomUUID(), motivo: 'x'.repeat(MOTIVO_MAX_LENGTH + 1) },
      { id: randomUUID(), motivo: '' },
      { id: 'no-es-un-uuid', motivo: 'Fiebre' },
      { id: randomUUID(), motivo: 'Fiebre', estado: 'en_curso' },
      { id: randomUUID(), motivo: 'Fiebre', especialidad: 7 },
      { id: randomUUID(), motivo: ['Fiebre'] },
    ]
    for (const payload of cases) {
      const response = await patient.call('POST', '/api/asistencias', payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(response.json<{ message: string }>().message).toMatch(/campo|solicitud/)
    }
    const badId = await patient.call('GET', '/api/asistencias/..%2F..%2Fetc')
    expect(badId.statusCode).toBe(400)
  })
})

describe('who sees a consultation', () => {
  it('shows it to its patient and the hospital staff, and to nobody else (404)', async () => {
    const patient = await as(DEMO.patient)
    const id = await requestHelp(patient)
    for (const account of [DEMO.professional, DEMO.professional2, DEMO.admin]) {
      const response = await (await as(account)).call('GET', `/api/asistencias/${id}`)
      expect(response.statusCode, account.email).toBe(200)
      // Only its patient sees the place in the queue.
      expect(response.json<Asistencia>().espera).toBeNull()
    }
    const strangers = [
      await newPatient(testApp.app),
      await as(DEMO.otherHospitalProfessional),
      await as({ email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }),
    ]
    for (const stranger of strangers) {
      for (const url of [
        `/api/asistencias/${id}`,
        `/api/asistencias/${id}/mensajes`,
        `/api/asistencias/${id}/fotos/${randomUUID()}`,
      ]) {
        const response = await stranger.call('GET', url)
        expect(response.statusCode).toBe(404)
        expect(response.body).not.toContain('Me duele')
      }
      for (const action of ['atender', 'cancelar']) {
        expect((await stranger.call('POST', `/api/asistencias/${id}/${action}`)).statusCode).toBe(
          404,
        )
      }
    }
    expect((await patient.call('GET', `/api/asistencias/${randomUUID()}`)).statusCode).toBe(404)
  })

  it('writes every staff read to the hospital audit log, and no patient read', async () => {
    const patient = await as(DEMO.patient)
    const id = await requestHelp(patient)
    await patient.call('GET', `/api/asistencias/${id}`)
    await (await as(DEMO.professional2)).call('GET', `/api/asistencias/${id}`)
    const admin = await as(DEMO.admin)
    await admin.call('GET', `/api/asistencias/${id}`)
    const log = (await admin.call('GET', '/api/admin/hospitales/hospital-central/auditoria')).json<
      { autor: string; accion: string; objeto: string; fecha: string }[]
    >()
    const reads = log.filter((entry) => entry.objeto === id)
    expect(reads.map((entry) => [entry.autor, entry.accion])).toEqual([
      ['admin@hospital-central.es', 'asistencia.consultada'],
      ['profesional2@hospital-central.es', 'asistencia.consultada'],
    ])
    expect(reads[0]?.fecha).toBe('2026-11-23T10:00:00.000Z')
  })

  it('writes staff reads of a conversation and of a photo too, saying which, never the patient’s own', async () => {
    const patient = await as(DEMO.patient)
    const id = await requestHelp(patient)
    const uploaded = await upload(patient, id, await makeImage('png'))
    const { id: fotoId, url } = uploaded.json<{ id: string; url: string }>()
    await patient.call('GET', `/api/asistencias/${id}/mensajes`)
    await patient.call('GET', url)
    const professional = await as(DEMO.professional)
    await professional.call('GET', `/api/asistencias/${id}/mensajes`)
    await professional.call('GET', url)
    const admin = await as(DEMO.admin)
    const log = (await admin.call('GET', '/api/admin/hospitales/hospital-central/auditoria')).json<
      { autor: string; accion: string; objeto: string; despues: unknown }[]
    >()
    expect(
      log
        .filter((entry) => entry.objeto === id)
        .map((entry) => [entry.autor, entry.accion, entry.despues]),
    ).toEqual([
      ['profesional@hospital-central.es', 'asistencia.consultada', { leido: 'foto', foto: fotoId }],
      ['profesional@hospital-central.es', 'asistencia.consultada', { leido: 'conversacion' }],
    ])
  })

  it('lists to each role what it may see', async () => {
    const patient = await as(DEMO.patient)
    const other = await newPatient(testApp.app)
    const first = await requestHelp(patient, 'Primera')
    clock += minutes(1)
    const second = await requestHelp(other, 'Segunda')
    clock += minutes(1)
    const third = await requestHelp(patient, 'Tercera')
    const professional = await as(DEMO.professional)
    await take(professional, second)

    const own = (await patient.call('GET', '/api/asistencias')).json<Asistencia[]>()
    expect(own.map((item) => item.id).slice(0, 2)).toEqual([third, first])
    expect(own.some((item) => item.id === second)).toBe(false)
    // History includes the demo patient's finished consultations, with summaries.
    expect(own.filter((item) => item.estado === 'finalizada' && item.resumen)).toHaveLength(2)

    const queue = (await professional.call('GET', '/api/asistencias')).json<Asistencia[]>()
    expect(queue.map((item) => [item.id, item.estado])).toEqual(
      expect.arrayContaining([
        [first, 'en_espera'],
        [third, 'en_espera'],
        [second, 'en_curso'],
      ]),
    )
    expect(queue.findIndex((item) => item.id === first)).toBeLessThan(
      queue.findIndex((item) => item.id === third),
    )
    const colleague = (await (await as(DEMO.professional2)).call('GET', '/api/asistencias')).json<
      Asistencia[]
    >()
    expect(colleague.map((item) => item.id)).not.toContain(second)

    const board = (await (await as(DEMO.admin)).call('GET', '/api/asistencias')).json<
      Asistencia[]
    >()
    expect(board.map((item) => item.id)).toEqual([first, second, third])
    const elsewhere = await (
      await as(DEMO.otherHospitalProfessional)
    ).call('GET', '/api/asistencias')
    expect(elsewhere.json<Asistencia[]>().map((item) => item.id)).not.toContain(first)
  })
})

describe('taking a request', () => {
  it('has exactly one winner among many professionals at once', async () => {
    const patient = await as(DEMO.patient)
    const id = await requestHelp(patient)
    const professionals = await Promise.all(
      [DEMO.professional, DEMO.professional2, DEMO.nurse].map((account) => as(account)),
    )
    const callers = Array.from({ length: 12 }, (_, index) =>
      professionals.slice(index % 3),
    ).flatMap((rest) => rest.slice(0, 1))
    const attempts = await Promise.all(
      callers.map((caller) => caller.call('POST', `/api/asistencias/${id}/atender`)),
    )
    const winnerIndex = attempts.findIndex((response) => response.statusCode === 200)
    expect(attempts.filter((response) => response.statusCode === 200)).toHaveLength(1)
    expect(attempts.filter((response) => response.statusCode === 409)).toHaveLength(11)
    const winner = attempts[winnerIndex]?.json<Asistencia>()
    expect(winner?.estado).toBe('en_curso')
    const winnerName = winner?.profesional?.nombre
    // Everyone but the winner is told that another professional has it.
    attempts.forEach((response, index) => {
      if (callers[index] !== callers[winnerIndex]) {
        expect(response.json<{ error: string }>().error).toBe('ya_atendida')
      }
    })
    const read = (await patient.call('GET', `/api/asistencias/${id}`)).json<Asistencia>()
    expect(read.profesional?.nombre).toBe(winnerName)
    expect(read.espera).toBeNull()
  })

  it('tells the loser that another professional is attending it', async () => {
    const patient = await as(DEMO.patient)
    const id = await requestHelp(patient)
    await take(await as(DEMO.professional), id)
    const late = await (await as(DEMO.professional2)).call('POST', `/api/asistencias/${id}/atender`)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({
      error: 'ya_atendida',
      message: 'Otro profesional ya la está atendiendo',
    })
  })

  it('is for professionals only', async () => {
    const patient = await as(DEMO.patient)
    const id = await requestHelp(patient)
    expect((await patient.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(403)
    expect(
      (await (await as(DEMO.admin)).call('POST', `/api/asistencias/${id}/atender`)).statusCode,
    ).toBe(403)
  })
})

describe('a consultation from start to end', () => {
  it('talks both ways, finishes with a summary and takes one rating', async () => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const id = await requestHelp(patient)
    const early = await patient.call('POST', `/api/asistencias/${id}/mensajes`, {
      id: randomUUID(),
      texto: '¿Hola?',
    })
    expect(early.statusCode).toBe(409)
    await take(professional, id)

    const hello = { id: randomUUID(), texto: 'Buenos días, ¿desde cuándo le duele?' }
    const sent = await professional.call('POST', `/api/asistencias/${id}/mensajes`, hello)
    expect(sent.statusCode).toBe(201)
    expect(sent.json<Mensaje>()).toMatchObject({
      ...hello,
      asistencia_id: id,
      autor: { nombre: 'Javier Ortega', rol: 'profesional' },
      foto: null,
    })
    const replay = await professional.call('POST', `/api/asistencias/${id}/mensajes`, hello)
    expect(replay.statusCode).toBe(200)
    clock += 1000
    const answer = { id: randomUUID(), texto: 'Desde ayer por la tarde.' }
    expect((await patient.call('POST', `/api/asistencias/${id}/mensajes`, answer)).statusCode).toBe(
      201,
    )
    const reused = await patient.call('POST', `/api/asistencias/${id}/mensajes`, {
      id: hello.id,
      texto: 'Suplantado',
    })
    expect(reused.statusCode).toBe(409)

    // Another professional may read the conversation, not write in it.
    const colleague = await as(DEMO.professional2)
    expect((await colleague.call('GET', `/api/asistencias/${id}/mensajes`)).statusCode).toBe(200)
    const intrusion = await colleague.call('POST', `/api/asistencias/${id}/mensajes`, {
      id: randomUUID(),
      texto: 'Hola',
    })
    expect(intrusion.statusCode).toBe(403)

    const conversation = (await patient.call('GET', `/api/asistencias/${id}/mensajes`)).json<
      Mensaje[]
    >()
    expect(conversation.map((message) => message.texto)).toEqual([hello.texto, answer.texto])

    expect(
      (await patient.call('POST', `/api/asistencias/${id}/finalizar`, { resumen: 'x' })).statusCode,
    ).toBe(403)
    expect(
      (await colleague.call('POST', `/api/asistencias/${id}/finalizar`, { resumen: 'x' }))
        .statusCode,
    ).toBe(403)
    expect(
      (await patient.call('PUT', `/api/asistencias/${id}/valoracion`, { puntuacion: 5 }))
        .statusCode,
    ).toBe(409)
    const finished = await professional.call('POST', `/api/asistencias/${id}/finalizar`, {
      resumen: 'Cefalea tensional. Paracetamol si lo necesita.',
    })
    expect(finished.statusCode).toBe(200)
    expect(finished.json<Asistencia>()).toMatchObject({
      estado: 'finalizada',
      resumen: 'Cefalea tensional. Paracetamol si lo necesita.',
      cerrada_en: '2026-11-23T10:00:01.000Z',
    })
    const late = await patient.call('POST', `/api/asistencias/${id}/mensajes`, {
      id: randomUUID(),
      texto: 'Gracias',
    })
    expect(late.statusCode).toBe(409)

    const rating = { puntuacion: 5, comentario: 'Muy amable' }
    const rated = await patient.call('PUT', `/api/asistencias/${id}/valoracion`, rating)
    expect(rated.statusCode).toBe(200)
    expect(rated.json<Asistencia>().valoracion).toEqual(rating)
    const again = await patient.call('PUT', `/api/asistencias/${id}/valoracion`, { puntuacion: 1 })
    expect(again.statusCode).toBe(409)
    for (const bad of [{ puntuacion: 0 }, { puntuacion: 6 }, { puntuacion: 4.5 }, {}]) {
      const response = await patient.call('PUT', `/api/asistencias/${id}/valoracion`, bad)
      expect(response.statusCode).toBe(400)
    }
  })

  it('lets its patient cancel while waiting, and only then', async () => {
    const patient = await as(DEMO.patient)
    const id = await requestHelp(patient)
    const other = await newPatient(testApp.app)
    expect((await other.call('POST', `/api/asistencias/${id}/cancelar`)).statusCode).toBe(404)
    const cancelled = await patient.call('POST', `/api/asistencias/${id}/cancelar`)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json<Asistencia>()).toMatchObject({ estado: 'cancelada', espera: null })
    const late = await (await as(DEMO.professional)).call('POST', `/api/asistencias/${id}/atender`)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ error: 'estado_no_valido' })

    const taken = await requestHelp(patient)
    await take(await as(DEMO.professional), taken)
    expect((await patient.call('POST', `/api/asistencias/${taken}/cancelar`)).statusCode).toBe(409)
  })
})

describe('waiting', () => {
  it('gives the patient a place in the queue and an estimate from recent waits', async () => {
    const patient = await as(DEMO.patient)
    const other = await newPatient(testApp.app)
    const professional = await as(DEMO.professional)
    // History: the demo's two 6-minute waits and these three (median 10).
    for (const wait of [10, 12, 14]) {
      const id = await requestHelp(other)
      clock += minutes(wait)
      await take(professional, id)
      // Finished, so the patient stays within the open requests one may keep.
      const finished = await professional.call('POST', `/api/asistencias/${id}/finalizar`, {
        resumen: 'Atendida.',
      })
      expect(finished.statusCode).toBe(200)
    }
    await requestHelp(other, 'Delante')
    clock += 1000
    const mine = await requestHelp(patient, 'Detrás')
    const espera = async () =>
      (await patient.call('GET', `/api/asistencias/${mine}`)).json<Asistencia>().espera
    // Nobody on duty: no estimate at that pace, and the screen says so.
    expect(await espera()).toEqual({
      posicion: 2,
      estimacion_minutos: null,
      profesionales_conectados: 0,
    })
    // A professional's queue stream is open (as its heartbeat keeps it): the estimate is given.
    const { id: professionalId } = await database
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO.professional.email)
      .executeTakeFirstOrThrow()
    await database
      .insertInto('presencia')
      .values({
        conexion: 'prueba',
        user_id: professionalId,
        tenant: 'hospital-central',
        expira_en: new Date(clock + minutes(1)).toISOString(),
      })
      .execute()
    expect(await espera()).toEqual({
      posicion: 2,
      estimacion_minutos: 20,
      profesionales_conectados: 1,
    })
  })

  it('expires a request nobody takes within the hospital limit, on read and by the sweep', async () => {
    const patient = await as(DEMO.patient)
    const onRead = await requestHelp(patient)
    const bySweep = await requestHelp(patient)
    clock += minutes(29)
    expect(
      (await patient.call('GET', `/api/asistencias/${onRead}`)).json<Asistencia>().estado,
    ).toBe('en_espera')
    clock += minutes(1)
    const expired = (await patient.call('GET', `/api/asistencias/${onRead}`)).json<Asistencia>()
    expect(expired).toMatchObject({ estado: 'caducada', cerrada_en: '2026-11-23T10:30:00.000Z' })
    const late = await (
      await as(DEMO.professional)
    ).call('POST', `/api/asistencias/${bySweep}/atender`)
    expect(late.statusCode).toBe(409)
    const list = (await (await as(DEMO.professional)).call('GET', '/api/asistencias')).json<
      Asistencia[]
    >()
    expect(list.map((item) => item.id)).not.toContain(bySweep)
  })
})

describe('photos', () => {
  it('attaches up to the limit, re-encoded without metadata, served only to who may see it', async () => {
    const patient = await as(DEMO.patient)
    const id = await requestHelp(patient)
    const uploaded = await upload(patient, id, await makeJpegWithExif('Calle Secreta 7'))
    expect(uploaded.statusCode).toBe(201)
    const { url } = uploaded.json<{ id: string; url: string }>()
    expect(url).toMatch(new RegExp(`^/api/asistencias/${id}/fotos/[0-9a-f-]{36}$`))
    const record = (await patient.call('GET', `/api/asistencias/${id}`)).json<Asistencia>()
    expect(record.fotos).toEqual([url])

    const served = await (await as(DEMO.professional)).call('GET', url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    // A photo never changes under its id: the browser keeps it for this session's token only,
    // and no shared cache ever does.
    expect(served.headers['cache-control']).toBe(
      `private, max-age=${String(FOTO_CACHE_SECONDS)}, immutable`,
    )
    expect(served.headers.vary).toMatch(/x-authorization/i)
    expect((await patient.call('GET', `${url.slice(0, -4)}0000`)).headers['cache-control']).toBe(
      'no-store',
    )
    expect(served.rawPayload.includes(Buffer.from('Calle Secreta 7'))).toBe(false)
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined()
    expect((await (await newPatient(testApp.app)).call('GET', url)).statusCode).toBe(404)

    for (let count = 1; count < MAX_FOTOS_POR_ASISTENCIA; count += 1) {
      expect((await upload(patient, id, await makeImage('png'))).statusCode).toBe(201)
    }
    const tooMany = await upload(patient, id, await makeImage('webp'))
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json()).toMatchObject({ error: 'demasiadas_fotos' })
  })

  it('refuses what is not an image, and uploads by anyone else', async () => {
    const patient = await as(DEMO.patient)
    const id = await requestHelp(patient)
    const html = await upload(patient, id, Buffer.from('<svg onload="alert(1)"></svg>'))
    expect(html.statusCode).toBe(415)
    const wrongField = await upload(patient, id, await makeImage('png'), 'logo')
    expect(wrongField.statusCode).toBe(400)
    expect(
      (await upload(await newPatient(testApp.app), id, await makeImage('png'))).statusCode,
    ).toBe(404)
    expect((await upload(await as(DEMO.professional), id, await makeImage('png'))).statusCode).toBe(
      403,
    )
  })

  it('carries a photo in the conversation', async () => {
    const patient = await as(DEMO.patient)
    const id = await requestHelp(patient)
    const professional = await as(DEMO.professional)
    await take(professional, id)
    const photo = (await upload(patient, id, await makeImage('jpeg'))).json<{
      id: string
      url: string
    }>()
    const message = await patient.call('POST', `/api/asistencias/${id}/mensajes`, {
      id: randomUUID(),
      texto: '',
      foto: photo.id,
    })
    expect(message.statusCode).toBe(201)
    expect(message.json<Mensaje>().foto).toBe(photo.url)
    // Not a request attachment: the record's photos stay the request's own.
    expect((await patient.call('GET', `/api/asistencias/${id}`)).json<Asistencia>().fotos).toEqual(
      [],
    )
    const stolen = await professional.call('POST', `/api/asistencias/${id}/mensajes`, {
      id: randomUUID(),
      texto: 'Mía',
      foto: photo.id,
    })
    expect(stolen.statusCode).toBe(400)
  })
})

describe('directory and figures', () => {
  it('lists the hospital professionals to anyone, with only the public fields', async () => {
    const anonymous = await testApp.app.inject({
      url: '/api/profesionales?tenant=hospital-central',
    })
    expect(anonymous.statusCode).toBe(200)
    const list = anonymous.json<Profesional[]>()
    expect(
      list.map((item) => [item.nombre, item.especialidad, item.especialidades, item.disponible]),
    ).toEqual([
      ['Elena Navarro', 'Pediatría', ['Pediatría'], false],
      ['Javier Ortega', 'Medicina general', ['Medicina general'], false],
      ['Pablo Serrano', 'Enfermería', ['Enfermería'], false],
    ])
    expect(Object.keys(list[0] ?? {}).sort()).toEqual([
      'disponible',
      'en_consulta',
      'especialidad',
      'especialidades',
      'id',
      'nombre',
    ])
    expect(anonymous.body).not.toMatch(/@|password|hash/)
    const signedIn = await (await as(DEMO.patient)).call('GET', '/api/profesionales')
    expect(signedIn.json()).toEqual(list)
    for (const url of ['/api/profesionales', '/api/profesionales?tenant=no-existe']) {
      expect((await testApp.app.inject({ url })).statusCode).toBe(404)
    }
    expect((await testApp.app.inject({ url: '/api/profesionales?tenant=x&y=1' })).statusCode).toBe(
      400,
    )
  })

  it('shows a professional attending a consultation as "en consulta" until it ends', async () => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const busy = async () =>
      (await testApp.app.inject({ url: '/api/profesionales?tenant=hospital-central' }))
        .json<Profesional[]>()
        .filter((item) => item.en_consulta)
        .map((item) => item.nombre)
    expect(await busy()).toEqual([])
    const id = await requestHelp(patient)
    expect(await busy()).toEqual([])
    await take(professional, id)
    const me = (await professional.call('GET', '/api/me')).json<{ nombre: string }>()
    expect(await busy()).toEqual([me.nombre])
    const finished = await professional.call('POST', `/api/asistencias/${id}/finalizar`, {
      resumen: 'Atendida.',
    })
    expect(finished.statusCode).toBe(200)
    expect(await busy()).toEqual([])
  })

  it("gives the hospital's admins today's figures, and nobody else", async () => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const first = await requestHelp(patient)
    clock += minutes(3)
    await take(professional, first)
    await professional.call('POST', `/api/asistencias/${first}/finalizar`, { resumen: 'Bien' })
    await patient.call('PUT', `/api/asistencias/${first}/valoracion`, { puntuacion: 4 })
    await requestHelp(patient)
    const figures = await (await as(DEMO.admin)).call('GET', '/api/asistencias/estadisticas')
    expect(figures.statusCode).toBe(200)
    expect(figures.json<EstadisticasHoy>()).toEqual({
      solicitudes_hoy: 2,
      atendidas: 1,
      caducadas: 0,
      canceladas: 0,
      espera_mediana_minutos: 3,
      espera_p90_minutos: 3,
      valoracion_media: 4,
    })
    for (const account of [DEMO.patient, DEMO.professional]) {
      const response = await (await as(account)).call('GET', '/api/asistencias/estadisticas')
      expect(response.statusCode).toBe(403)
    }
  })
})

describe('one rule for every care text', () => {
  const HOSTILE = [
    ['a NUL character', 'Fiebre\u0000alta'],
    ['a control character', 'Fiebre\u0007alta'],
    ['a right-to-left override', 'Fiebre \u202Eatla'],
    ['a direction isolate', 'Fiebre \u2066alta\u2069'],
    ['nothing visible', ' \u200B\u3164 '],
  ] as const

  it.each(HOSTILE)('refuses %s in every text with the same Spanish 400', async (_case, text) => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const refused = (response: { statusCode: number; json: () => unknown }, label: string) => {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        error: 'invalid_request',
        message: expect.stringContaining(`El campo «${label}» debe tener entre 1 y`) as unknown,
      })
    }
    refused(
      await patient.call('POST', '/api/asistencias', { id: randomUUID(), motivo: text }),
      'motivo',
    )
    const id = await requestHelp(patient)
    await take(professional, id)
    refused(
      await professional.call('POST', `/api/asistencias/${id}/mensajes`, {
        id: randomUUID(),
        texto: text,
      }),
      'mensaje',
    )
    refused(
      await professional.call('POST', `/api/asistencias/${id}/finalizar`, { resumen: text }),
      'resumen',
    )
    expect(
      (
        await professional.call('POST', `/api/asistencias/${id}/finalizar`, {
          resumen: 'Reposo e hidratación.',
        })
      ).statusCode,
    ).toBe(200)
    refused(
      await patient.call('PUT', `/api/asistencias/${id}/valoracion`, {
        puntuacion: 5,
        comentario: text,
      }),
      'comentario',
    )
  })

  it('keeps line breaks in a reason and refuses a specialty the hospital does not have', async () => {
    const patient = await as(DEMO.patient)
    const kept = await patient.call('POST', '/api/asistencias', {
      id: randomUUID(),
      motivo: 'Fiebre\ndesde anoche',
    })
    expect(kept.statusCode).toBe(201)
    expect(kept.json<Asistencia>().motivo).toBe('Fiebre\ndesde anoche')
    const unknown = await patient.call('POST', '/api/asistencias', {
      id: randomUUID(),
      motivo: 'Fiebre',
      especialidad: 'Astrología',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ error: 'invalid_request' })
  })
})

describe('the pace of a conversation', () => {
  it('refuses a flood of messages from one person, never a replay, and lets the other side write', async () => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const id = await requestHelp(patient)
    await take(professional, id)
    const write = (client: CareClient, messageId: string = randomUUID()) =>
      client.call('POST', `/api/asistencias/${id}/mensajes`, { id: messageId, texto: 'Hola' })
    const first = randomUUID()
    expect((await write(patient, first)).statusCode).toBe(201)
    for (let sent = 1; sent < MENSAJES_POR_VENTANA; sent += 1) {
      expect((await write(patient)).statusCode).toBe(201)
    }
    const refused = await write(patient)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe(String(MENSAJES_VENTANA_MS / 1000))
    // A retry of a message already kept is answered as before, and the other side writes on.
    expect((await write(patient, first)).statusCode).toBe(200)
    expect((await write(professional)).statusCode).toBe(201)
    // Once the window has passed, the person writes again.
    clock += MENSAJES_VENTANA_MS + 1
    expect((await write(patient)).statusCode).toBe(201)
  })
})
