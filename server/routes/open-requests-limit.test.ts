/**
 * One patient cannot bury the queue: at most MAX_SOLICITUDES_ABIERTAS open requests (waiting or in
 * progress) at once, counted and inserted as one step, so a burst of creates never passes it.
 */
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DEMASIADAS_SOLICITUDES,
  MAX_SOLICITUDES_ABIERTAS,
  type Asistencia,
} from '../../src/contract/care.js'
import { DEMO, newPatient, requestHelp, signIn, type CareClient } from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp | undefined
let clock = Date.parse('2026-11-23T10:00:00.000Z')

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  clock = Date.parse('2026-11-23T10:00:00.000Z')
  testApp = await createTestApp({ now: () => clock, careSweepIntervalMs: 0, ...options })
  return testApp.app
}

afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

const create = (patient: CareClient, motivo = 'Dolor de garganta') =>
  patient.call('POST', '/api/asistencias', { id: randomUUID(), motivo })

async function openOf(patient: CareClient): Promise<Asistencia[]> {
  const own = (await patient.call('GET', '/api/asistencias')).json<Asistencia[]>()
  return own.filter((entry) => entry.estado === 'en_espera' || entry.estado === 'en_curso')
}

describe('open requests of one patient', { timeout: 20_000 }, () => {
  it('refuses one past the limit with a Spanish 409, answers replays, and counts only open ones', async () => {
    const app = await start()
    const patient = await newPatient(app)
    const ids: string[] = []
    for (let index = 0; index < MAX_SOLICITUDES_ABIERTAS; index += 1) {
      ids.push(await requestHelp(patient))
    }
    const refused = await create(patient, 'Una más')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: DEMASIADAS_SOLICITUDES,
      message: `Ya tienes ${String(MAX_SOLICITUDES_ABIERTAS)} solicitudes abiertas. Espera a que termine alguna o cancela una antes de pedir otra.`,
    })
    expect(await openOf(patient)).toHaveLength(MAX_SOLICITUDES_ABIERTAS)

    // A replay of a kept request is answered as ever, limit or not.
    const [first = '', second = '', third = ''] = ids
    const replay = await patient.call('POST', '/api/asistencias', {
      id: first,
      motivo: 'Me duele la cabeza desde ayer.',
    })
    expect(replay.statusCode).toBe(200)

    // One in progress still counts; a cancelled one does not.
    const professional = await signIn(app, DEMO.professional)
    expect((await professional.call('POST', `/api/asistencias/${first}/atender`)).statusCode).toBe(
      200,
    )
    expect((await create(patient)).statusCode).toBe(409)
    expect((await patient.call('POST', `/api/asistencias/${second}/cancelar`)).statusCode).toBe(200)
    expect((await create(patient)).statusCode).toBe(201)
    expect((await create(patient)).statusCode).toBe(409)

    // A finished one does not; nor does one that waited past the hospital's limit.
    const finished = await professional.call('POST', `/api/asistencias/${first}/finalizar`, {
      resumen: 'Revisado.',
    })
    expect(finished.statusCode).toBe(200)
    expect((await create(patient)).statusCode).toBe(201)
    clock += 31 * 60_000
    expect((await patient.call('GET', `/api/asistencias/${third}`)).json<Asistencia>().estado).toBe(
      'caducada',
    )
    for (let index = 0; index < MAX_SOLICITUDES_ABIERTAS; index += 1) {
      expect((await create(patient)).statusCode).toBe(201)
    }
    expect((await create(patient)).statusCode).toBe(409)

    // The limit is each patient's own.
    expect((await create(await newPatient(app))).statusCode).toBe(201)
  })

  it('stores exactly the limit when one account sends ten creates at once', async () => {
    const app = await start()
    const patient = await newPatient(app)
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(patient)))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_SOLICITUDES_ABIERTAS)
    expect(statuses.filter((status) => status === 409)).toHaveLength(10 - MAX_SOLICITUDES_ABIERTAS)
    expect(await openOf(patient)).toHaveLength(MAX_SOLICITUDES_ABIERTAS)
  })

  it('takes a higher limit from the setting', async () => {
    const app = await start({ maxOpenRequests: MAX_SOLICITUDES_ABIERTAS + 2 })
    const patient = await newPatient(app)
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(patient)))
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(
      MAX_SOLICITUDES_ABIERTAS + 2,
    )
    expect(await openOf(patient)).toHaveLength(MAX_SOLICITUDES_ABIERTAS + 2)
  })
})
