import { randomUUID } from 'node:crypto'
import { SelectQueryNode } from 'kysely'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  EVENTOS,
  EVENTOS_REANUDACION_MAX,
  type Asistencia,
  type Mensaje,
  type PresenciaCambios,
  type Profesional,
} from '../../src/contract/care.js'
import type { BuildAppOptions } from '../app.js'
import type { AppDatabase } from '../database/schema.js'
import { DEMO, newPatient, requestHelp, signIn, type CareClient } from '../testing/care-client.js'
import { DOCUMENT_ONLY_HEADERS } from '../http/security-headers.js'
import { openEventStream, type TestEventStream } from '../testing/event-stream.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'

let testApp: TestApp | undefined
let baseUrl = ''
const streams: TestEventStream[] = []
let ownedDb: AppDatabase | undefined

async function start(options: Partial<BuildAppOptions> = {}) {
  testApp = await createTestApp({ careSweepIntervalMs: 0, ...options })
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  return testApp.app
}

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close()
  await testApp?.close()
  await ownedDb?.destroy()
  testApp = undefined
  ownedDb = undefined
})

async function stream(client: CareClient, options?: Parameters<typeof openEventStream>[2]) {
  const opened = await openEventStream(baseUrl, client.token, options)
  streams.push(opened)
  return opened
}

const asistencia = (event: { data: string }) => JSON.parse(event.data) as Asistencia
const mensaje = (event: { data: string }) => JSON.parse(event.data) as Mensaje
const cambios = (event: { data: string }) => (JSON.parse(event.data) as PresenciaCambios).cambios
const about = (id: string, estado?: string) => (event: { event?: string; data: string }) =>
  event.event === EVENTOS.asistencia &&
  asistencia(event).id === id &&
  (estado === undefined || asistencia(event).estado === estado)

// Real sockets and several accounts per test: slower than the inject-based suites on a busy machine.
describe('the live event stream', { timeout: 20_000 }, () => {
  it('needs a session and is never cached', async () => {
    const app = await start()
    expect((await app.inject({ url: '/api/eventos' })).statusCode).toBe(401)
    expect((await app.inject({ url: '/api/eventos?token=abc' })).statusCode).toBe(400)
    const opened = await stream(await signIn(app, DEMO.patient))
    expect(opened.status).toBe(200)
    expect(opened.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(opened.headers.get('cache-control')).toBe('no-store')
    // Subresource guards only: the policies for documents would be held by every open stream.
    expect(opened.headers.get('x-content-type-options')).toBe('nosniff')
    expect(opened.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    for (const name of DOCUMENT_ONLY_HEADERS) expect(opened.headers.get(name)).toBeNull()
  })

  it('brings a new request to the professionals at once, and each side what it may see', async () => {
    const app = await start()
    const patient = await signIn(app, DEMO.patient)
    const professional = await signIn(app, DEMO.professional)
    const stranger = await newPatient(app)
    const [own, queue, other, elsewhere] = await Promise.all([
      stream(patient),
      stream(professional),
      stream(stranger),
      stream(await signIn(app, DEMO.otherHospitalProfessional)),
    ])
    const id = await requestHelp(patient, 'Dolor de oído')
    const seen = asistencia(await queue.next(about(id, 'en_espera')))
    expect(seen).toMatchObject({ motivo: 'Dolor de oído', espera: null })
    // Its patient gets the place in the queue with it.
    const mine = asistencia(await own.next(about(id)))
    expect(mine.espera).toMatchObject({ posicion: 1 })

    await professional.call('POST', `/api/asistencias/${id}/atender`)
    await own.next(about(id, 'en_curso'))
    // A request of the stranger's own, after everything else: once it arrives, nothing of the
    // first one has.
    const theirs = await requestHelp(stranger)
    await other.next(about(theirs))
    expect(other.events.some(about(id))).toBe(false)
    expect(elsewhere.events.some((event) => event.event === EVENTOS.asistencia)).toBe(false)
  })

  it('carries the conversation both ways to its participants only', async () => {
    const app = await start()
    const patient = await signIn(app, DEMO.patient)
    const professional = await signIn(app, DEMO.professional)
    const colleague = await signIn(app, DEMO.professional2)
    const admin = await signIn(app, DEMO.admin)
    const id = await requestHelp(patient)
    await professional.call('POST', `/api/asistencias/${id}/atender`)
    const [patientSide, professionalSide, colleagueSide, board] = await Promise.all([
      stream(patient),
      stream(professional),
      stream(colleague),
      stream(admin),
    ])
    const question = { id: randomUUID(), texto: '¿Tiene fiebre?' }
    await professional.call('POST', `/api/asistencias/${id}/mensajes`, question)
    const received = mensaje(await patientSide.next((event) => event.event === EVENTOS.mensaje))
    expect(received).toMatchObject({ ...question, asistencia_id: id })
    const answer = { id: randomUUID(), texto: 'No, solo dolor.' }
    await patient.call('POST', `/api/asistencias/${id}/mensajes`, answer)
    await professionalSide.next(
      (event) => event.event === EVENTOS.mensaje && mensaje(event).id === answer.id,
    )
    await board.next((event) => event.event === EVENTOS.mensaje && mensaje(event).id === answer.id)

    await professional.call('POST', `/api/asistencias/${id}/finalizar`, { resumen: 'Otitis.' })
    await colleagueSide.next(about(id, 'finalizada'))
    expect(colleagueSide.events.some((event) => event.event === EVENTOS.mensaje)).toBe(false)
  })

  it('keeps the order of the log and resumes after a dropped connection without losing an event', async () => {
    const app = await start()
    const patient = await signIn(app, DEMO.patient)
    const professional = await signIn(app, DEMO.professional)
    // A second patient writes the rest: one patient keeps only a few requests open at once.
    const other = await newPatient(app)
    const first = await stream(professional)
    const before = [await requestHelp(patient, 'Uno'), await requestHelp(patient, 'Dos')]
    await first.next(about(before[1] ?? ''))
    const ids = first.events.map((event) => Number(event.id))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    const lastSeen = first.events.at(-1)?.id ?? ''
    first.close()

    // Written while the professional was offline.
    const missed = [
      await requestHelp(other, 'Tres'),
      await requestHelp(other, 'Cuatro'),
      await requestHelp(other, 'Cinco'),
    ]
    await other.call('POST', `/api/asistencias/${missed[0] ?? ''}/cancelar`)

    const resumed = await stream(professional, { lastEventId: lastSeen })
    await resumed.next(about(missed[0] ?? '', 'cancelada'))
    const creations = resumed.events.filter((event) => event.event === EVENTOS.asistencia)
    expect(creations.map((event) => asistencia(event).id)).toEqual([...missed, missed[0]])
    expect(creations.every((event) => Number(event.id) > Number(lastSeen))).toBe(true)
    expect(resumed.events.some((event) => before.includes(asistencia(event).id))).toBe(false)

    // And it stays live after catching up.
    const after = await requestHelp(other, 'Seis')
    await resumed.next(about(after))
  })

  it("checks every open stream's session at each heartbeat, in one read for all their accounts", async () => {
    ownedDb = await createTestDatabase()
    // The account ids named by each read of several accounts' standing (the session check).
    const standingReads: number[][] = []
    const observed = ownedDb.withPlugin({
      transformQuery: ({ node }) => {
        const text = SelectQueryNode.is(node)
          ? JSON.stringify(node, (_key, value: unknown) =>
              typeof value === 'bigint' ? String(value) : value,
            )
          : ''
        if (text.includes('"hospitals"')) {
          const list = /"kind":"PrimitiveValueListNode","values":\[([\d,]+)\]/.exec(text)
          if (list?.[1] !== undefined) standingReads.push(list[1].split(',').map(Number))
        }
        return node
      },
      transformResult: (args) => Promise.resolve(args.result),
    })
    const app = await start({ database: observed, liveHeartbeatMs: 250 })
    const patient = await signIn(app, DEMO.patient)
    const professional = await signIn(app, DEMO.professional)
    const disabled = await newPatient(app, 'hospital-central', 'Tercera Paciente')
    const others = [
      patient,
      professional,
      await signIn(app, DEMO.professional2),
      await newPatient(app),
    ]
    const idOf = async (client: CareClient) =>
      (await client.call('GET', '/api/me')).json<{ id: number }>().id
    const ids = await Promise.all([...others, disabled].map(idOf))
    const [patientStream, queue, ...rest] = await Promise.all(
      others.map((client) => stream(client)),
    )
    const ending = await stream(disabled)
    await vi.waitFor(
      () => {
        expect(standingReads.some((read) => ids.every((id) => read.includes(id)))).toBe(true)
      },
      { timeout: 5_000 },
    )
    // Still each session judged on its own: disabled behind the app's back (no notice to the
    // streams), one patient's stream ends at a heartbeat; the others carry on.
    await ownedDb
      .updateTable('users')
      .set({ activo: 0 })
      .where('id', '=', await idOf(disabled))
      .execute()
    const cierre = await ending.next((event) => event.event === EVENTOS.cierre)
    expect(JSON.parse(cierre.data)).toEqual({ motivo: 'sesion' })
    const id = await requestHelp(patient)
    await queue?.next(about(id))
    for (const other of [patientStream, queue, ...rest]) {
      expect(other?.events.filter((event) => event.event === EVENTOS.cierre)).toEqual([])
    }
  })

  it('tells a client too far behind, or with an unknown position, to reload', async () => {
    ownedDb = await createTestDatabase()
    const app = await start({ database: ownedDb })
    const professional = await signIn(app, DEMO.professional)
    const start1 = await stream(professional)
    const id = await requestHelp(await signIn(app, DEMO.patient))
    const position = (await start1.next(about(id))).id
    await ownedDb
      .insertInto('eventos')
      .values(
        Array.from({ length: EVENTOS_REANUDACION_MAX + 1 }, () => ({
          tenant: 'hospital-central',
          tipo: EVENTOS.presencia,
          asistencia_id: null,
          ref: JSON.stringify({ id: 999, disponible: false }),
          creado_en: new Date().toISOString(),
        })),
      )
      .execute()
    for (const lastEventId of [position, 'no-es-un-id', '999999999']) {
      const behind = await stream(professional, { lastEventId })
      const restart = await behind.next((event) => event.event === EVENTOS.reinicio)
      expect(Number(restart.id)).toBeGreaterThan(Number(position) + EVENTOS_REANUDACION_MAX)
      behind.close()
    }
    // A client that is close enough is simply caught up.
    const recent = await stream(professional, { lastEventId: String(Number(position) + 1) })
    await recent.next((event) => event.event === EVENTOS.presencia)
    expect(recent.events.some((event) => event.event === EVENTOS.reinicio)).toBe(false)
  })

  it('shows a professional with the queue open as available, on both sides', async () => {
    const app = await start()
    const patient = await signIn(app, DEMO.patient)
    const professional = await signIn(app, DEMO.professional2)
    const watching = await stream(patient)
    const directory = async () =>
      (await app.inject({ url: '/api/profesionales?tenant=hospital-central' })).json<
        Profesional[]
      >()
    const queue = await stream(professional, { cola: true })
    const online = await watching.next((event) => event.event === EVENTOS.presencia)
    const me = (await directory()).find((item) => item.nombre === 'Elena Navarro')
    expect(cambios(online)).toEqual([{ id: me?.id, disponible: true }])
    expect(me?.disponible).toBe(true)
    // A second tab changes nothing; closing one of two leaves them available.
    const secondTab = await stream(professional, { cola: true })
    secondTab.close()
    // A plain stream (not the queue screen) is no presence.
    await stream(await signIn(app, DEMO.nurse))
    queue.close()
    const offline = await watching.next(
      (event) =>
        event.event === EVENTOS.presencia && cambios(event).some((change) => !change.disponible),
    )
    expect(cambios(offline)).toEqual([{ id: me?.id, disponible: false }])
    expect((await directory()).every((item) => !item.disponible)).toBe(true)
  })

  it('tells both sides when a request expires', async () => {
    let clock = Date.now()
    const app = await start({ now: () => clock, careSweepIntervalMs: 50 })
    const patient = await signIn(app, DEMO.patient)
    const professional = await signIn(app, DEMO.professional)
    const [patientSide, queue] = await Promise.all([stream(patient), stream(professional)])
    const id = await requestHelp(patient)
    await queue.next(about(id, 'en_espera'))
    clock += 31 * 60_000
    await patientSide.next(about(id, 'caducada'))
    await queue.next(about(id, 'caducada'))
  })

  it('ends when the session expires or the account is disabled', async () => {
    const app = await start({ tokenTtlSeconds: 2, liveHeartbeatMs: 100 })
    const shortLived = await stream(await signIn(app, DEMO.patient))
    await shortLived.ended

    const victim = await newPatient(app)
    const open = await stream(victim)
    const admin = await signIn(app, DEMO.admin)
    const me = await victim.call('GET', '/api/me')
    expect(me.statusCode).toBe(200)
    const accounts = (
      await admin.call('GET', '/api/admin/hospitales/hospital-central/cuentas')
    ).json<{ id: number; nombre: string }[]>()
    const account = accounts.find((item) => item.nombre === 'Otra Paciente')
    const disabled = await admin.call(
      'PATCH' as 'PUT',
      `/api/admin/hospitales/hospital-central/cuentas/${String(account?.id)}`,
      { activo: false },
    )
    expect(disabled.statusCode).toBe(200)
    await open.ended
  })
})
