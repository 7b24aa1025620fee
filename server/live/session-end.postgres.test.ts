/**
 * Two API processes sharing one PostgreSQL: a reset made through one instance ends, within
 * seconds, a stream open on the other (its heartbeat, the safety net, is 15 s away).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENTOS } from '../../src/contract/care.js'
import { createMinimalDist, startApiInstance, type ApiInstance } from '../testing/api-instances.js'
import { openEventStream, type TestEventStream } from '../testing/event-stream.js'
import { createPostgresSchemaUrl } from '../testing/test-database.js'

const HOSTS = ['127.0.0.16', '127.0.0.17']
const TENANT = 'hospital-central'
const PATIENT = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: TENANT }
const ADMIN = { email: 'admin@hospital-central.es', password: 'demo1234', tenant: TENANT }

let instances: ApiInstance[] = []
let dist: ReturnType<typeof createMinimalDist>
const streams: TestEventStream[] = []

beforeAll(async () => {
  dist = createMinimalDist()
  const env = { DATABASE_URL: await createPostgresSchemaUrl(), DIST_DIR: dist.dir, DEMO_MODE: '1' }
  instances = await Promise.all(
    HOSTS.map((host) => startApiInstance({ host, env, lifetimeSeconds: 120 })),
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

async function call(base: string, method: string, path: string, token?: string, body?: object) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { 'x-authorization': `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function tokenOf(base: string, credentials: typeof PATIENT): Promise<string> {
  const response = await call(base, 'POST', '/api/auth/login', undefined, credentials)
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

describe('ended sessions on several instances', { timeout: 60_000 }, () => {
  it('closes a stream on one instance within seconds of a reset made on the other', async () => {
    const patient = await tokenOf(url(1), PATIENT)
    const opened = await openEventStream(url(1), patient)
    streams.push(opened)
    expect(opened.status).toBe(200)

    const admin = await tokenOf(url(0), ADMIN)
    const accounts = (await (
      await call(url(0), 'GET', `/api/admin/hospitales/${TENANT}/cuentas`, admin)
    ).json()) as { id: number; email: string }[]
    const id = accounts.find((account) => account.email === PATIENT.email)?.id
    const issued = await call(
      url(0),
      'PATCH',
      `/api/admin/hospitales/${TENANT}/cuentas/${String(id)}`,
      admin,
      { restablecer_acceso: true },
    )
    const { codigo_acceso } = (await issued.json()) as { codigo_acceso: string }
    const reset = await call(url(0), 'POST', '/api/auth/restablecer-acceso', undefined, {
      ...PATIENT,
      codigo: codigo_acceso,
      password: 'nueva-clave-segura',
    })
    expect(reset.status).toBe(204)

    const cierre = await opened.next((event) => event.event === EVENTOS.cierre, {
      timeoutMs: 5_000,
    })
    expect(JSON.parse(cierre.data)).toEqual({ motivo: 'sesion' })
    await opened.ended
    expect((await call(url(1), 'GET', '/api/me', patient)).status).toBe(401)
  })
})
