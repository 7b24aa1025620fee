/**
 * Reads never write for the whole platform: a request past its limit is seen expired by whoever
 * reads it before the sweep comes, and only the read of that one record writes its expiry.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Asistencia } from '../../src/contract/care.js'
import type { EstadisticasHoy } from '../../src/contract/shift-board.js'
import type { Referidos } from '../../src/contract/referrals.js'
import type { AppDatabase } from '../database/schema.js'
import { DEMO, requestHelp, signIn } from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'

let database: AppDatabase
let testApp: TestApp
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

const as = (credentials: Parameters<typeof signIn>[1]) => signIn(testApp.app, credentials)

async function storedState(id: string) {
  const row = await database
    .selectFrom('asistencias')
    .select(['estado', 'cerrada_en'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row
}

it('shows a due request as expired in lists without writing, and writes only its own row on its read', async () => {
  const patient = await as(DEMO.patient)
  const professional = await as(DEMO.professional)
  const due = await requestHelp(patient, 'Nadie la atiende a tiempo')
  const other = await requestHelp(patient, 'Otra que también vence')
  clock += 30 * 60_000

  const mine = (await patient.call('GET', '/api/asistencias')).json<Asistencia[]>()
  expect(mine.find((item) => item.id === due)).toMatchObject({
    estado: 'caducada',
    cerrada_en: '2026-11-23T10:30:00.000Z',
  })
  const queue = (await professional.call('GET', '/api/asistencias')).json<Asistencia[]>()
  expect(queue.map((item) => item.id)).not.toContain(due)
  const referrals = await professional.call('GET', '/api/referidos')
  expect(referrals.json<Referidos>()).toBeDefined()
  // Those reads wrote nothing: both requests are still stored as waiting.
  expect(await storedState(due)).toEqual({ estado: 'en_espera', cerrada_en: null })
  expect(await storedState(other)).toEqual({ estado: 'en_espera', cerrada_en: null })

  const read = (await patient.call('GET', `/api/asistencias/${due}`)).json<Asistencia>()
  expect(read).toMatchObject({ estado: 'caducada', cerrada_en: '2026-11-23T10:30:00.000Z' })
  expect(await storedState(due)).toEqual({
    estado: 'caducada',
    cerrada_en: '2026-11-23T10:30:00.000Z',
  })
  expect(await storedState(other)).toEqual({ estado: 'en_espera', cerrada_en: null })
})

it("counts the board's figures of today in the database", async () => {
  const patient = await as(DEMO.patient)
  const professional = await as(DEMO.professional)
  const admin = await as(DEMO.admin)
  const before = (await admin.call('GET', '/api/asistencias/estadisticas')).json<EstadisticasHoy>()
  for (const wait of [4, 8, 20]) {
    const id = await requestHelp(patient)
    clock += wait * 60_000
    expect((await professional.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)
    // Finished, so the patient stays within the open requests one may keep.
    const finished = await professional.call('POST', `/api/asistencias/${id}/finalizar`, {
      resumen: 'Atendida.',
    })
    expect(finished.statusCode).toBe(200)
  }
  await requestHelp(patient)
  const after = (await admin.call('GET', '/api/asistencias/estadisticas')).json<EstadisticasHoy>()
  expect(after.solicitudes_hoy).toBe(before.solicitudes_hoy + 4)
  expect(after.espera_mediana_minutos).toBe(8)
})
