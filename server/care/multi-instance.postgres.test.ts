/**
 * The care journey on two API processes sharing one PostgreSQL: a request written on one reaches
 * a professional's live stream on the other at once, and a claim race spread over both has
 * exactly one winner; so does starting a call, whose signals cross from one instance to the other.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Llamada } from '../../src/contract/calls.js'
import { EVENTOS, MAX_SOLICITUDES_ABIERTAS, type Asistencia } from '../../src/contract/care.js'
import { createMinimalDist, startApiInstance, type ApiInstance } from '../testing/api-instances.js'
import { openEventStream, type TestEventStream } from '../testing/event-stream.js'
import { createPostgresSchemaUrl } from '../testing/test-database.js'

const HOSTS = ['127.0.0.6', '127.0.0.7']
const PASSWORD = 'demo1234'
const TENANT = 'hospital-central'

let instances: ApiInstance[] = []
let dist: ReturnType<typeof createMinimalDist>
const streams: TestEventStream[] = []

beforeAll(async () => {
  dist = createMinimalDist()
  const env = { DATABASE_URL: await createPostgresSchemaUrl(), DIST_DIR: dist.dir, DEMO_MODE: '1' }
  instances = await Promise.all(
    HOSTS.map((host) => startApiInstance({ host, env, lifetimeSeconds: 180 })),
  )
}, 90_000)

afterAll(async () => {
  for (const stream of streams) stream.close()
  await Promise.all(instances.map((instance) => instance.stop()))
  dist.remove()
})

function url(index: number): string {
  const found = instances[index]
  if (!found) throw new Error(`No instance ${String(index)}`)
  return found.url
}

async function tokenOf(base: string, email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, tenant: TENANT }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

function post(base: string, token: string, path: string, body?: object) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'x-authorization': `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** A new patient of the hospital, made by its administrator, who accepted the current terms. */
async function newPatientToken(base: string): Promise<string> {
  const admin = await tokenOf(base, 'admin@hospital-central.es')
  const email = `paciente-${randomUUID().slice(0, 8)}@hospital-central.es`
  const password = 'contrasena-segura'
  const created = await post(base, admin, `/api/admin/hospitales/${TENANT}/cuentas`, {
    email,
    nombre: 'Paciente de Prueba',
    rol: 'cliente',
    password,
  })
  expect(created.status).toBe(201)
  const token = await tokenOf(base, email, password)
  const terms = (await (await fetch(`${base}/api/terminos?tenant=${TENANT}`)).json()) as {
    vigentes: { version: number } | null
  }
  if (terms.vigentes) {
    const accepted = await post(base, token, '/api/terminos/aceptar', {
      version: terms.vigentes.version,
    })
    expect(accepted.status).toBe(204)
  }
  return token
}

describe('the care journey on several instances', { timeout: 60_000 }, () => {
  it('keeps one patient within the open-request limit when creates race on both instances', async () => {
    const patient = await newPatientToken(url(0))
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(url(index % 2), patient, '/api/asistencias', { id: randomUUID(), motivo: 'Fiebre' }),
      ),
    )
    const statuses = answers.map((response) => response.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_SOLICITUDES_ABIERTAS)
    expect(statuses.filter((status) => status === 409)).toHaveLength(10 - MAX_SOLICITUDES_ABIERTAS)
    const own = (await (
      await fetch(`${url(1)}/api/asistencias`, {
        headers: { 'x-authorization': `Bearer ${patient}` },
      })
    ).json()) as Asistencia[]
    expect(own).toHaveLength(MAX_SOLICITUDES_ABIERTAS)
  })

  it('brings a request written on one instance to a stream open on another', async () => {
    const patient = await tokenOf(url(0), 'demo@hospital-central.es')
    const professional = await tokenOf(url(1), 'profesional@hospital-central.es')
    const queue = await openEventStream(url(1), professional, { cola: true })
    streams.push(queue)
    const id = randomUUID()
    const created = await post(url(0), patient, '/api/asistencias', { id, motivo: 'Mareos' })
    expect(created.status).toBe(201)
    const event = await queue.next(
      (item) =>
        item.event === EVENTOS.asistencia && (JSON.parse(item.data) as Asistencia).id === id,
    )
    expect(JSON.parse(event.data)).toMatchObject({ id, estado: 'en_espera', motivo: 'Mareos' })

    // The professional's open queue on the second instance shows in the first one's directory.
    const directory = (await (
      await fetch(`${url(0)}/api/profesionales?tenant=${TENANT}`)
    ).json()) as { nombre: string; disponible: boolean }[]
    expect(directory.find((item) => item.nombre === 'Javier Ortega')?.disponible).toBe(true)
  })

  it('gives a request taken on both instances at once to exactly one professional', async () => {
    const patient = await tokenOf(url(0), 'demo@hospital-central.es')
    const professionals = await Promise.all(
      ['profesional@hospital-central.es', 'profesional2@hospital-central.es'].map((email, index) =>
        tokenOf(url(index), email),
      ),
    )
    const id = randomUUID()
    expect((await post(url(0), patient, '/api/asistencias', { id, motivo: 'Tos' })).status).toBe(
      201,
    )
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(url(index % 2), professionals[index % 2] ?? '', `/api/asistencias/${id}/atender`),
      ),
    )
    const statuses = attempts.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(9)
  })

  it('keeps one active call per consultation across instances, and signals reach the other one', async () => {
    const patient = await tokenOf(url(0), 'demo@hospital-central.es')
    const professional = await tokenOf(url(1), 'profesional@hospital-central.es')
    const id = randomUUID()
    expect((await post(url(0), patient, '/api/asistencias', { id, motivo: 'Fiebre' })).status).toBe(
      201,
    )
    expect((await post(url(1), professional, `/api/asistencias/${id}/atender`)).status).toBe(200)
    const patientStream = await openEventStream(url(0), patient)
    streams.push(patientStream)

    // Both press at once, each on their own instance: the database keeps one call.
    const attempts = await Promise.all(
      [
        [0, patient],
        [1, professional],
        [0, patient],
        [1, professional],
      ].map(([index, token]) =>
        post(url(Number(index)), String(token), `/api/asistencias/${id}/llamadas`, {
          id: randomUUID(),
          video: true,
        }),
      ),
    )
    const statuses = attempts.map((response) => response.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(3)
    const call = (await attempts[statuses.indexOf(201)]?.json()) as Llamada
    const callee = call.iniciada_por === 'paciente' ? [1, professional] : [0, patient]
    const accepted = await post(
      url(Number(callee[0])),
      String(callee[1]),
      `/api/asistencias/${id}/llamadas/${call.id}/aceptar`,
    )
    expect(accepted.status).toBe(200)

    // Sent on the professional's instance, received on the patient's stream on the other one.
    const offer = { descripcion: { type: 'offer', sdp: 'v=0\r\n' } }
    expect(
      (
        await post(
          url(1),
          professional,
          `/api/asistencias/${id}/llamadas/${call.id}/senales`,
          offer,
        )
      ).status,
    ).toBe(204)
    const received = await patientStream.next((item) => item.event === EVENTOS.senal)
    expect(JSON.parse(received.data)).toEqual({
      llamada_id: call.id,
      de: 'profesional',
      senal: offer,
    })
  })
})
