import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EVENTOS, type Asistencia, type Profesional } from '../../src/contract/care.js'
import {
  DERIVACION_PLAZO_HORAS,
  NOTA_DERIVACION_MAX_LENGTH,
  type Referidos,
} from '../../src/contract/referrals.js'
import { DEMO, newPatient, requestHelp, signIn, type CareClient } from '../testing/care-client.js'
import { openEventStream, type TestEventStream } from '../testing/event-stream.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp
let clock: number
const streams: TestEventStream[] = []

beforeEach(async () => {
  clock = Date.parse('2026-11-23T10:00:00.000Z')
  testApp = await createTestApp({ now: () => clock, careSweepIntervalMs: 0 })
})

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close()
  await testApp.close()
})

const as = (credentials: Parameters<typeof signIn>[1]) => signIn(testApp.app, credentials)
const NOTA = 'Fiebre de tres días; valorar otitis.'

/** A request of the demo patient, taken by the demo professional; returns its id. */
async function attended(patient: CareClient, professional: CareClient): Promise<string> {
  const id = await requestHelp(patient, 'Mi hija tiene fiebre.')
  expect((await professional.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)
  return id
}

/** Directory id of the hospital's professional of `especialidad` (one each in the demo). */
async function idOf(client: CareClient, especialidad: string): Promise<number> {
  const directory = (await client.call('GET', '/api/profesionales')).json<Profesional[]>()
  const found = directory.find((entry) => entry.especialidad === especialidad)
  if (!found) throw new Error(`No ${especialidad} in the directory`)
  return found.id
}

function refer(client: CareClient, id: string, body: object) {
  return client.call('POST', `/api/asistencias/${id}/derivar`, body)
}

describe('referring a patient', () => {
  it('creates a waiting request for the same patient, addressed to one professional, once', async () => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const pediatrician = await as(DEMO.professional2)
    const pediatricianId = await idOf(professional, 'Pediatría')
    const source = await attended(patient, professional)

    const body = { id: randomUUID(), profesional_id: pediatricianId, nota: `  ${NOTA}\n` }
    const created = await refer(professional, source, body)
    expect(created.statusCode).toBe(201)
    expect(created.headers['cache-control']).toBe('no-store')
    const referral = created.json<Asistencia>()
    expect(referral).toMatchObject({
      id: body.id,
      estado: 'en_espera',
      motivo: 'Mi hija tiene fiebre.',
      especialidad: 'Pediatría',
      derivada_de: source,
      paciente: { nombre: expect.any(String) as string },
      derivacion: {
        por: { nombre: expect.any(String) as string },
        a: { id: pediatricianId },
        nota: NOTA,
      },
    })

    // A repeat answers the same record; the same id with another body is refused.
    const again = await refer(professional, source, body)
    expect(again.statusCode).toBe(200)
    expect(again.json<Asistencia>().id).toBe(body.id)
    const reused = await refer(professional, source, { ...body, nota: 'Otra nota' })
    expect(reused.statusCode).toBe(409)
    expect(reused.json<{ error: string }>().error).toBe('id_en_uso')
    // Sent several times at once (a double tap, a retry), one referral is created.
    const raced = { ...body, id: randomUUID() }
    const answers = await Promise.all([1, 2, 3].map(() => refer(professional, source, raced)))
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 200, 201])

    // Only the named professional has it in the queue and may take it.
    const nurse = await as(DEMO.nurse)
    const nurseQueue = (await nurse.call('GET', '/api/asistencias')).json<Asistencia[]>()
    expect(nurseQueue.map((item) => item.id)).not.toContain(body.id)
    const taken = await nurse.call('POST', `/api/asistencias/${body.id}/atender`)
    expect(taken.statusCode).toBe(403)
    expect(taken.json<{ message: string }>().message).toBe(
      'Esta solicitud está dirigida a otro profesional.',
    )
    // Not even its referrer, who may no longer take it back.
    const referrerQueue = (await professional.call('GET', '/api/asistencias')).json<Asistencia[]>()
    expect(referrerQueue.map((item) => item.id)).not.toContain(body.id)
    expect(
      (await professional.call('POST', `/api/asistencias/${body.id}/atender`)).statusCode,
    ).toBe(403)
    // A colleague it is not addressed to reads the request (hospital staff) but not the note.
    const read = (await nurse.call('GET', `/api/asistencias/${body.id}`)).json<Asistencia>()
    expect(read.derivacion).toMatchObject({ nota: null, resumen_origen: null })
    expect(JSON.stringify(read)).not.toContain('otitis')
    const queue = (await pediatrician.call('GET', '/api/asistencias')).json<Asistencia[]>()
    expect(queue.find((item) => item.id === body.id)?.derivacion?.nota).toBe(NOTA)
    expect(
      (await pediatrician.call('POST', `/api/asistencias/${body.id}/atender`)).statusCode,
    ).toBe(200)

    // The patient sees where they were sent and by whom, not the note between professionals.
    const own = (await patient.call('GET', `/api/asistencias/${body.id}`)).json<Asistencia>()
    expect(own.derivacion).toMatchObject({ a: { id: pediatricianId }, nota: null })
    expect(own.derivacion?.resumen_origen).toBeNull()
  })

  it('addresses a specialty: any professional may take it, those of the specialty receive it', async () => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const source = await attended(patient, professional)
    const id = randomUUID()
    const created = await refer(professional, source, { id, especialidad: 'Pediatría', nota: NOTA })
    expect(created.statusCode).toBe(201)
    expect(created.json<Asistencia>().derivacion?.a).toBeNull()

    const pediatrician = await as(DEMO.professional2)
    const received = (await pediatrician.call('GET', '/api/referidos')).json<Referidos>()
    expect(received.recibidas.map((item) => item.id)).toEqual([id])
    const nurse = await as(DEMO.nurse)
    const nurseReferrals = (await nurse.call('GET', '/api/referidos')).json<Referidos>()
    expect(nurseReferrals).toEqual({ enviadas: [], recibidas: [] })
    expect(
      (await nurse.call('GET', '/api/asistencias')).json<Asistencia[]>().map((a) => a.id),
    ).toContain(id)

    const unknown = await refer(professional, source, {
      id: randomUUID(),
      especialidad: 'Cardiología',
      nota: NOTA,
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<{ message: string }>().message).toBe(
      'Este centro no ofrece esa especialidad.',
    )
  })

  it('is for the professional attending it, or who just finished it', async () => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const pediatricianId = await idOf(professional, 'Pediatría')
    const waiting = await requestHelp(patient)
    const body = () => ({ id: randomUUID(), profesional_id: pediatricianId, nota: NOTA })

    // Nobody attends a waiting request yet.
    expect((await refer(professional, waiting, body())).statusCode).toBe(403)

    const source = await attended(patient, professional)
    const mainAdmin = await as({
      email: 'plataforma@main.es',
      password: 'demo1234',
      tenant: 'main',
    })
    const cases: [CareClient, number][] = [
      [patient, 403],
      [await as(DEMO.admin), 403],
      [await as(DEMO.professional2), 403],
      [await as(DEMO.nurse), 403],
      [await as(DEMO.otherHospitalProfessional), 404],
      [mainAdmin, 404],
      [await newPatient(testApp.app), 404],
    ]
    for (const [client, status] of cases) {
      const response = await refer(client, source, body())
      expect(response.statusCode).toBe(status)
      expect(response.body).not.toContain('fiebre')
    }
    expect((await refer(professional, randomUUID(), body())).statusCode).toBe(404)

    const finished = await professional.call('POST', `/api/asistencias/${source}/finalizar`, {
      resumen: 'Otitis media; derivada a pediatría.',
    })
    expect(finished.statusCode).toBe(200)
    // Sessions last less than the window: sign in again as the hours pass.
    clock += (DERIVACION_PLAZO_HORAS - 1) * 3_600_000
    expect((await refer(await as(DEMO.professional), source, body())).statusCode).toBe(201)
    clock += 2 * 3_600_000
    const late = await refer(await as(DEMO.professional), source, body())
    expect(late.statusCode).toBe(409)
    expect(late.json<{ message: string }>().message).toMatch(/^Solo se deriva una consulta/)
  })

  it('refuses a professional of another hospital, oneself, and hostile input with a Spanish 400', async () => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const pediatricianId = await idOf(professional, 'Pediatría')
    const elsewhere = await as(DEMO.otherHospitalProfessional)
    const foreignId = (await elsewhere.call('GET', '/api/profesionales')).json<Profesional[]>()[0]
      ?.id
    expect(foreignId).toBeDefined()
    const own = await idOf(professional, 'Medicina general')
    const source = await attended(patient, professional)

    const cases: object[] = [
      { id: randomUUID(), profesional_id: foreignId, nota: NOTA },
      { id: randomUUID(), profesional_id: own, nota: NOTA },
      { id: randomUUID(), profesional_id: 999_999, nota: NOTA },
      { id: randomUUID(), nota: NOTA },
      { id: randomUUID(), profesional_id: pediatricianId, especialidad: 'Pediatría', nota: NOTA },
      {
        id: randomUUID(),
        profesional_id: pediatricianId,
        nota: 'x'.repeat(NOTA_DERIVACION_MAX_LENGTH + 1),
      },
      { id: randomUUID(), profesional_id: pediatricianId, nota: '' },
      { id: randomUUID(), profesional_id: pediatricianId, nota: ' \n\t\u200b ' },
      { id: randomUUID(), profesional_id: pediatricianId, nota: 'Hola\u0000mundo' },
      { id: randomUUID(), profesional_id: pediatricianId, nota: 'Texto \u001b[31mrojo' },
      { id: randomUUID(), profesional_id: pediatricianId, nota: 'abc\u202Egnp.exe' },
      { id: randomUUID(), profesional_id: pediatricianId, nota: ['Fiebre'] },
      { id: randomUUID(), profesional_id: '7', nota: NOTA },
      { id: 'no-es-un-uuid', profesional_id: pediatricianId, nota: NOTA },
      { id: randomUUID(), profesional_id: pediatricianId, nota: NOTA, estado: 'en_curso' },
    ]
    for (const payload of cases) {
      const response = await refer(professional, source, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(response.json<{ message: string }>().message).toMatch(
        /campo|solicitud|profesional|especialidad|nota/,
      )
      expect(response.json<{ message: string }>().message).not.toMatch(/must|should/)
    }
    // Nothing of the refused attempts reached anyone's list.
    const listed = (await professional.call('GET', '/api/referidos')).json<Referidos>()
    expect(listed.enviadas).toEqual([])
  })
})

describe('the referrals list', () => {
  it("shows each professional the referrals made and received, with the first request's summary", async () => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const pediatrician = await as(DEMO.professional2)
    const pediatricianId = await idOf(professional, 'Pediatría')
    const source = await attended(patient, professional)
    const id = randomUUID()
    await refer(professional, source, { id, profesional_id: pediatricianId, nota: NOTA })
    await professional.call('POST', `/api/asistencias/${source}/finalizar`, {
      resumen: 'Otitis media probable.',
    })

    const sent = (await professional.call('GET', '/api/referidos')).json<Referidos>()
    expect(sent.enviadas.map((item) => [item.id, item.estado])).toEqual([[id, 'en_espera']])
    expect(sent.recibidas).toEqual([])

    const received = (await pediatrician.call('GET', '/api/referidos')).json<Referidos>()
    expect(received.enviadas).toEqual([])
    expect(received.recibidas).toHaveLength(1)
    expect(received.recibidas[0]?.derivacion).toMatchObject({
      nota: NOTA,
      resumen_origen: 'Otitis media probable.',
    })
    const referral = (await pediatrician.call('GET', `/api/asistencias/${id}`)).json<Asistencia>()
    expect(referral.derivacion).toMatchObject({
      nota: NOTA,
      resumen_origen: 'Otitis media probable.',
    })
    expect(
      (await pediatrician.call('GET', `/api/asistencias/${source}`)).json<Asistencia>().resumen,
    ).toBe('Otitis media probable.')

    // A professional it is not addressed to has no referral listed; another hospital's, nothing.
    const nurse = await as(DEMO.nurse)
    const unrelated = (await nurse.call('GET', `/api/asistencias/${id}`)).json<Asistencia>()
    expect(unrelated.derivacion).toMatchObject({ nota: null, resumen_origen: null })
    expect((await nurse.call('GET', '/api/referidos')).json<Referidos>()).toEqual({
      enviadas: [],
      recibidas: [],
    })
    const elsewhere = await as(DEMO.otherHospitalProfessional)
    expect((await elsewhere.call('GET', '/api/referidos')).json<Referidos>()).toEqual({
      enviadas: [],
      recibidas: [],
    })
    for (const url of [`/api/asistencias/${source}`, `/api/asistencias/${id}`]) {
      const response = await elsewhere.call('GET', url)
      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('Otitis')
    }

    for (const client of [patient, await as(DEMO.admin)]) {
      expect((await client.call('GET', '/api/referidos')).statusCode).toBe(403)
    }
    expect((await testApp.app.inject({ url: '/api/referidos' })).statusCode).toBe(401)
  })
})

// Real sockets and several accounts: slower than the inject-based tests on a busy machine.
describe('live referrals', { timeout: 20_000 }, () => {
  it('reach the named professional and the patient, and no other professional', async () => {
    const baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const pediatricianId = await idOf(professional, 'Pediatría')
    const source = await attended(patient, professional)
    const open = async (client: CareClient) => {
      const stream = await openEventStream(baseUrl, client.token, { cola: true })
      streams.push(stream)
      return stream
    }
    const [toPediatrician, toNurse, toPatient, toReferrer] = await Promise.all([
      open(await as(DEMO.professional2)),
      open(await as(DEMO.nurse)),
      open(patient),
      open(professional),
    ])
    const id = randomUUID()
    expect(
      (await refer(professional, source, { id, profesional_id: pediatricianId, nota: NOTA }))
        .statusCode,
    ).toBe(201)
    const about = (event: { event?: string; data: string }) =>
      event.event === EVENTOS.asistencia && (JSON.parse(event.data) as Asistencia).id === id

    const received = JSON.parse((await toPediatrician.next(about)).data) as Asistencia
    expect(received.derivacion?.nota).toBe(NOTA)
    const patientSees = JSON.parse((await toPatient.next(about)).data) as Asistencia
    expect(patientSees).toMatchObject({ estado: 'en_espera', derivada_de: source })
    expect(patientSees.derivacion?.nota).toBeNull()
    // Its referrer follows it (the list of sent referrals stays live).
    await toReferrer.next(about)

    // A later event proves the nurse's stream is current, and that the referral never came.
    await requestHelp(patient, 'Otra consulta')
    await toNurse.next((event) => event.event === EVENTOS.asistencia)
    expect(toNurse.events.some(about)).toBe(false)
  })
})
