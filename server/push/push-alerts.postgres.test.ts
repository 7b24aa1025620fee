/**
 * Push alerts on two API processes sharing one PostgreSQL: every alert written on either reaches
 * the push service exactly once, whichever instance's sender claimed it.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AvisoPush } from '../../src/contract/push.js'
import { createMinimalDist, startApiInstance, type ApiInstance } from '../testing/api-instances.js'
import { startTestPushService, type TestPushService } from '../testing/push-service.js'
import { createPostgresSchemaUrl } from '../testing/test-database.js'

const HOSTS = ['127.0.0.8', '127.0.0.9']
const TENANT = 'hospital-central'
const MESSAGES = 40
// Spread over consultations: one conversation takes at most MENSAJES_POR_VENTANA at once.
const CONSULTATIONS = 4

let instances: ApiInstance[] = []
let dist: ReturnType<typeof createMinimalDist>
let service: TestPushService

beforeAll(async () => {
  service = await startTestPushService({ lifetimeMs: 180_000 })
  dist = createMinimalDist()
  const env = {
    DATABASE_URL: await createPostgresSchemaUrl(),
    DIST_DIR: dist.dir,
    DEMO_MODE: '1',
    PUSH_SERVICE_ORIGINS: service.origin,
    // One patient holds every consultation open at once: the setting raises the usual limit.
    MAX_OPEN_REQUESTS: String(CONSULTATIONS),
  }
  instances = await Promise.all(
    HOSTS.map((host) => startApiInstance({ host, env, lifetimeSeconds: 180 })),
  )
}, 90_000)

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()))
  dist.remove()
  await service.close()
})

function url(index: number): string {
  const found = instances[index % instances.length]
  if (!found) throw new Error(`No instance ${String(index)}`)
  return found.url
}

async function call(base: string, token: string, method: string, path: string, body?: object) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      'x-authorization': `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function tokenOf(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234', tenant: TENANT }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

describe('push alerts on several instances', { timeout: 120_000 }, () => {
  it('signs with one key pair and delivers each alert once', async () => {
    const keys = await Promise.all(
      [0, 1].map(
        async (index) =>
          ((await (await fetch(`${url(index)}/api/avisos/clave`)).json()) as { clave: string })
            .clave,
      ),
    )
    expect(keys[0]).toBe(keys[1])

    const patient = await tokenOf(url(0), 'demo@hospital-central.es')
    const professional = await tokenOf(url(1), 'profesional@hospital-central.es')
    const device = service.subscribe()
    expect(
      (await call(url(0), professional, 'PUT', '/api/avisos/suscripcion', device)).status,
    ).toBe(204)
    const ids: string[] = []
    for (let index = 0; index < CONSULTATIONS; index += 1) {
      const id = randomUUID()
      expect(
        (await call(url(0), patient, 'POST', '/api/asistencias', { id, motivo: 'Tos' })).status,
      ).toBe(201)
      expect(
        (await call(url(1), professional, 'POST', `/api/asistencias/${id}/atender`)).status,
      ).toBe(200)
      ids.push(id)
    }

    // Messages written on both instances at once: each one's alert is claimed by one sender.
    const sent = await Promise.all(
      Array.from({ length: MESSAGES }, async (_, index) => {
        const response = await call(
          url(index),
          patient,
          'POST',
          `/api/asistencias/${ids[index % CONSULTATIONS] ?? ''}/mensajes`,
          {
            id: randomUUID(),
            texto: `Mensaje ${String(index)}`,
          },
        )
        expect(response.status).toBe(201)
      }),
    )
    expect(sent).toHaveLength(MESSAGES)
    const device_ = device.endpoint.split('/').pop()
    const ofDevice = () => service.received.filter((push) => push.device === device_)
    await expect.poll(() => ofDevice().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(MESSAGES)

    // Stopped, the instances have nothing left in flight: what arrived is all that ever will.
    await Promise.all(instances.map((instance) => instance.stop()))
    expect(ofDevice()).toHaveLength(MESSAGES)
    expect(ofDevice().every((push) => (push.payload as AvisoPush).tipo === 'mensaje')).toBe(true)
    expect(service.failures).toEqual([])
  })
})
