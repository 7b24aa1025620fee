import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EVENTOS, type Asistencia, type Profesional } from '../../src/contract/care.js'
import type {
  EstadisticasCentro,
  EstadisticasHoy,
  ProfesionalDeTurno,
} from '../../src/contract/shift-board.js'
import type { AuditEntry } from '../../src/contract/audit.js'
import { DEMO, requestHelp, signIn, type CareClient } from '../testing/care-client.js'
import { openEventStream, type TestEventStream } from '../testing/event-stream.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp
let clock: number
const streams: TestEventStream[] = []
const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }

beforeEach(async () => {
  clock = Date.parse('2026-11-23T10:00:00.000Z')
  testApp = await createTestApp({ now: () => clock, careSweepIntervalMs: 0 })
}, 30_000)

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close()
  await testApp.close()
})

const as = (credentials: Parameters<typeof signIn>[1]) => signIn(testApp.app, credentials)
const minutes = (count: number) => count * 60_000

/** Directory id of the demo hospital's professional of `especialidad` (one each in the demo). */
async function idOf(client: CareClient, especialidad: string): Promise<number> {
  const directory = (await client.call('GET', '/api/profesionales')).json<Profesional[]>()
  const found = directory.find((entry) => entry.especialidad === especialidad)
  if (!found) throw new Error(`No ${especialidad} in the directory`)
  return found.id
}

const assign = (client: CareClient, id: string, profesionalId: number) =>
  client.call('POST', `/api/asistencias/${id}/asignar`, { profesional_id: profesionalId })
const close = (client: CareClient, id: string, motivo = 'Fuera del horario de consulta.') =>
  client.call('POST', `/api/asistencias/${id}/cerrar`, { motivo })
const queueIds = async (client: CareClient) =>
  (await client.call('GET', '/api/asistencias')).json<Asistencia[]>().map((entry) => entry.id)

// Several accounts and real sockets: slow on a busy machine.
describe('assigning a waiting request on the board', { timeout: 30_000 }, () => {
  it('leaves it to that professional alone: only they see it in the queue and take it', async () => {
    const patient = await as(DEMO.patient)
    const admin = await as(DEMO.admin)
    const assignee = await as(DEMO.professional2)
    const other = await as(DEMO.professional)
    const assigneeId = await idOf(admin, 'Pediatría')
    const id = await requestHelp(patient)
    expect(await queueIds(other)).toContain(id)

    const assigned = await assign(admin, id, assigneeId)
    expect(assigned.statusCode).toBe(200)
    expect(assigned.json<Asistencia>()).toMatchObject({
      estado: 'en_espera',
      asignada_a: { id: assigneeId, nombre: expect.any(String) as string },
    })
    expect(await queueIds(assignee)).toContain(id)
    expect(await queueIds(other)).not.toContain(id)
    const refused = await other.call('POST', `/api/asistencias/${id}/atender`)
    expect(refused.statusCode).toBe(403)
    expect((await assignee.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)

    const audit = await admin.call('GET', '/api/admin/hospitales/hospital-central/auditoria')
    expect(audit.json<AuditEntry[]>()[0]).toMatchObject({
      accion: 'asistencia.asignada',
      objeto: id,
      despues: { asignada_a: assigneeId },
    })
  })

  it("is for the hospital's own administrators only, to its own professionals", async () => {
    const patient = await as(DEMO.patient)
    const admin = await as(DEMO.admin)
    const assigneeId = await idOf(admin, 'Pediatría')
    const id = await requestHelp(patient)
    for (const account of [DEMO.patient, DEMO.professional]) {
      expect((await assign(await as(account), id, assigneeId)).statusCode).toBe(403)
      expect((await close(await as(account), id)).statusCode).toBe(403)
    }
    // Another hospital's staff and the portal's administrators: the request does not exist.
    for (const account of [DEMO.otherHospitalProfessional, PRODUCT_ADMIN]) {
      expect((await assign(await as(account), id, assigneeId)).statusCode).toBe(404)
      expect((await close(await as(account), id)).statusCode).toBe(404)
    }
    const elsewhere = await as(DEMO.otherHospitalProfessional)
    const elsewhereId = (await elsewhere.call('GET', '/api/profesionales')).json<Profesional[]>()[0]
      ?.id
    expect((await assign(admin, id, elsewhereId ?? 0)).statusCode).toBe(400)
    expect((await admin.call('POST', `/api/asistencias/${id}/asignar`, {})).statusCode).toBe(400)
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: `/api/asistencias/${id}/asignar`,
          payload: { profesional_id: assigneeId },
        })
      ).statusCode,
    ).toBe(401)
    expect((await patient.call('GET', `/api/asistencias/${id}`)).json<Asistencia>()).toMatchObject({
      estado: 'en_espera',
      asignada_a: null,
    })
  })

  it('only assigns and closes waiting requests', async () => {
    const patient = await as(DEMO.patient)
    const admin = await as(DEMO.admin)
    const professional = await as(DEMO.professional)
    const assigneeId = await idOf(admin, 'Pediatría')
    const taken = await requestHelp(patient)
    await professional.call('POST', `/api/asistencias/${taken}/atender`)
    const cancelled = await requestHelp(patient)
    await patient.call('POST', `/api/asistencias/${cancelled}/cancelar`)
    const due = await requestHelp(patient)
    clock += minutes(31)
    for (const id of [taken, cancelled, due]) {
      const assigned = await assign(admin, id, assigneeId)
      expect(assigned.statusCode).toBe(409)
      const closed = await close(admin, id)
      expect(closed.statusCode).toBe(409)
      expect(closed.json<{ message: string }>().message).toMatch(/atendiendo|cancelada|caducó/)
    }
  })

  it('races "Atender" with exactly one winner', async () => {
    const patient = await as(DEMO.patient)
    const admin = await as(DEMO.admin)
    const taker = await as(DEMO.professional)
    const assigneeId = await idOf(admin, 'Pediatría')
    for (let round = 0; round < 3; round += 1) {
      const id = await requestHelp(patient)
      const [assigned, took] = await Promise.all([
        assign(admin, id, assigneeId),
        taker.call('POST', `/api/asistencias/${id}/atender`),
      ])
      expect([assigned.statusCode, took.statusCode].sort()).toEqual([200, 409].sort())
      const stored = (await admin.call('GET', `/api/asistencias/${id}`)).json<Asistencia>()
      if (took.statusCode === 200) {
        expect(stored).toMatchObject({ estado: 'en_curso', asignada_a: null })
        await taker.call('POST', `/api/asistencias/${id}/finalizar`, { resumen: 'Bien.' })
      } else {
        expect(stored).toMatchObject({ estado: 'en_espera', asignada_a: { id: assigneeId } })
        await close(admin, id)
      }
    }
    for (let round = 0; round < 3; round += 1) {
      const id = await requestHelp(patient)
      const [closed, took] = await Promise.all([
        close(admin, id),
        taker.call('POST', `/api/asistencias/${id}/atender`),
      ])
      expect([closed.statusCode, took.statusCode].sort()).toEqual([200, 409].sort())
      const stored = (await admin.call('GET', `/api/asistencias/${id}`)).json<Asistencia>()
      expect(stored.estado).toBe(took.statusCode === 200 ? 'en_curso' : 'cancelada')
      if (took.statusCode === 200) {
        await taker.call('POST', `/api/asistencias/${id}/finalizar`, { resumen: 'Bien.' })
      }
    }
  })
})

describe('closing a waiting request on the board', { timeout: 30_000 }, () => {
  it('cancels it with a reason its patient reads live, audited', async () => {
    const baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const patient = await as(DEMO.patient)
    const admin = await as(DEMO.admin)
    const id = await requestHelp(patient)
    const toPatient = await openEventStream(baseUrl, patient.token)
    streams.push(toPatient)

    const closed = await close(admin, id, '  Servicio saturado: acuda a urgencias.  ')
    expect(closed.statusCode).toBe(200)
    expect(closed.json<Asistencia>()).toMatchObject({
      estado: 'cancelada',
      motivo_cierre: 'Servicio saturado: acuda a urgencias.',
    })
    const event = await toPatient.next(
      (message) =>
        message.event === EVENTOS.asistencia &&
        (JSON.parse(message.data) as Asistencia).estado === 'cancelada',
    )
    expect(JSON.parse(event.data)).toMatchObject({
      id,
      motivo_cierre: 'Servicio saturado: acuda a urgencias.',
    })
    const audit = await admin.call('GET', '/api/admin/hospitales/hospital-central/auditoria')
    expect(audit.json<AuditEntry[]>()[0]).toMatchObject({
      accion: 'asistencia.cerrada',
      objeto: id,
      despues: { estado: 'cancelada', motivo: 'Servicio saturado: acuda a urgencias.' },
    })
    // The reason follows the one rule of texts; a request already closed stays as it was.
    expect((await close(admin, id, '\u0000')).statusCode).toBe(400)
    expect((await close(admin, id, 'x'.repeat(301))).statusCode).toBe(400)
  })

  it("drops an assigned request from a colleague's live queue", async () => {
    const baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const patient = await as(DEMO.patient)
    const admin = await as(DEMO.admin)
    const other = await as(DEMO.professional)
    const assigneeId = await idOf(admin, 'Pediatría')
    const id = await requestHelp(patient)
    const toOther = await openEventStream(baseUrl, other.token, { cola: true })
    streams.push(toOther)
    expect((await assign(admin, id, assigneeId)).statusCode).toBe(200)
    const event = await toOther.next((message) => message.event === EVENTOS.asistencia)
    // Its screen reads who it is for, and leaves it out of the queue.
    expect(JSON.parse(event.data)).toMatchObject({ id, asignada_a: { id: assigneeId } })
  })
})

describe("the board's professionals and today's figures", { timeout: 30_000 }, () => {
  it('shows who is connected, busy or away, with their consultations', async () => {
    const baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const patient = await as(DEMO.patient)
    const admin = await as(DEMO.admin)
    const busy = await as(DEMO.professional)
    const connected = await as(DEMO.professional2)
    const id = await requestHelp(patient)
    await busy.call('POST', `/api/asistencias/${id}/atender`)
    const queue = await openEventStream(baseUrl, connected.token, { cola: true })
    streams.push(queue)
    // The stream answers before its presence is recorded: the board shows it once it is.
    const connectedId = await idOf(admin, 'Pediatría')
    const readBoard = async () =>
      new Map(
        (await admin.call('GET', '/api/tablero/profesionales'))
          .json<ProfesionalDeTurno[]>()
          .map((row) => [row.id, row]),
      )
    await vi.waitFor(async () => {
      expect((await readBoard()).get(connectedId)?.estado).toBe('disponible')
    })
    const byName = await readBoard()
    expect(byName.get(await idOf(admin, 'Medicina general'))).toMatchObject({
      estado: 'en_consulta',
      consultas_en_curso: 1,
    })
    expect(byName.get(await idOf(admin, 'Pediatría'))).toMatchObject({
      estado: 'disponible',
      consultas_en_curso: 0,
    })
    expect(byName.get(await idOf(admin, 'Enfermería'))).toMatchObject({
      estado: 'sin_conexion',
      consultas_en_curso: 0,
    })
    for (const account of [DEMO.patient, DEMO.professional]) {
      expect((await (await as(account)).call('GET', '/api/tablero/profesionales')).statusCode).toBe(
        403,
      )
    }
  })

  it('counts taken, expired and cancelled requests and the waits of today', async () => {
    const patient = await as(DEMO.patient)
    const professional = await as(DEMO.professional)
    const admin = await as(DEMO.admin)
    // Waits of 1…10 minutes: median 5.5, 90th percentile 9.
    for (let wait = 1; wait <= 10; wait += 1) {
      const id = await requestHelp(patient)
      clock += minutes(wait)
      await professional.call('POST', `/api/asistencias/${id}/atender`)
      await professional.call('POST', `/api/asistencias/${id}/finalizar`, { resumen: 'Bien.' })
      await patient.call('PUT', `/api/asistencias/${id}/valoracion`, {
        puntuacion: wait % 2 === 0 ? 5 : 4,
      })
    }
    const cancelled = await requestHelp(patient)
    await patient.call('POST', `/api/asistencias/${cancelled}/cancelar`)
    const closed = await requestHelp(patient)
    await close(admin, closed)
    // Due but not yet swept: counted as expired all the same.
    await requestHelp(patient)
    clock += minutes(31)
    const figures = await admin.call('GET', '/api/asistencias/estadisticas')
    expect(figures.json<EstadisticasHoy>()).toEqual({
      solicitudes_hoy: 13,
      atendidas: 10,
      caducadas: 1,
      canceladas: 2,
      espera_mediana_minutos: 5.5,
      espera_p90_minutos: 9,
      valoracion_media: 4.5,
    })

    const portal = await as(PRODUCT_ADMIN)
    const all = (await portal.call('GET', '/api/admin/estadisticas')).json<EstadisticasCentro[]>()
    expect(all.find((row) => row.tenant === 'hospital-central')?.estadisticas).toEqual(
      figures.json(),
    )
    expect(all.find((row) => row.tenant === 'clinica-norte')).toMatchObject({
      nombre: expect.any(String) as string,
      estadisticas: { solicitudes_hoy: 0, espera_mediana_minutos: null },
    })
    expect((await admin.call('GET', '/api/admin/estadisticas')).statusCode).toBe(403)
  })
})
