/**
 * PostgreSQL goes away under load (a restart or failover, then a terminated backend): the API
 * process survives, answers 503 with Retry-After while the database is gone, serves the app's
 * shell with default colours, recovers by itself, and loses nothing it said it wrote.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMinimalDist, startApiInstance, type ApiInstance } from '../testing/api-instances.js'
import { startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster.js'

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }

let cluster: PostgresCluster
let databaseUrl: string
let api: ApiInstance
let dist: ReturnType<typeof createMinimalDist>

beforeAll(async () => {
  cluster = await startPostgresCluster({ lifetimeSeconds: 180 })
  databaseUrl = await cluster.createDatabase()
  dist = createMinimalDist()
  api = await startApiInstance({
    host: '127.0.0.6',
    env: { DATABASE_URL: databaseUrl, DIST_DIR: dist.dir, DEMO_MODE: '1' },
    lifetimeSeconds: 170,
  })
}, 90_000)

afterAll(async () => {
  await api.stop()
  await cluster.stop()
  dist.remove()
})

async function signIn(): Promise<string> {
  const response = await fetch(`${api.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PRODUCT_ADMIN),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

interface Load {
  /** Status of every answer, in order. */
  statuses: number[]
  /** Tenants whose creation was answered 201. */
  created: string[]
  stop(): Promise<void>
}

/** Workers creating hospitals one after another until stopped: writes to check afterwards. */
function startWriteLoad(token: string, workers: number): Load {
  const statuses: number[] = []
  const created: string[] = []
  let running = true
  let next = 0
  const worker = async () => {
    while (running) {
      const tenant = `carga-${String(next++)}`
      const response = await fetch(`${api.url}/api/admin/hospitales`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${token}` },
        body: JSON.stringify({
          tenant,
          nombre: `Carga ${tenant}`,
          color_primario: '#0a5a8a',
          color_secundario: '#e6f0f7',
        }),
      })
      await response.arrayBuffer()
      statuses.push(response.status)
      if (response.status === 201) created.push(tenant)
      if (response.status === 503) await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const done = Promise.all(Array.from({ length: workers }, worker))
  return {
    statuses,
    created,
    stop: async () => {
      running = false
      await done
    },
  }
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function healthStatus(): Promise<number> {
  return (await fetch(`${api.url}/api/health`)).status
}

it('survives a restart and a terminated backend under load, answering 503 meanwhile', async () => {
  const token = await signIn()
  const load = startWriteLoad(token, 4)
  await waitFor(() => Promise.resolve(load.created.length >= 5), 10_000)

  await cluster.stopServer()
  await waitFor(() => Promise.resolve(load.statuses.at(-1) === 503), 10_000)

  const write = await fetch(`${api.url}/api/admin/hospitales`, {
    headers: { 'x-authorization': `Bearer ${token}` },
  })
  expect(write.status).toBe(503)
  expect(write.headers.get('retry-after')).toBe('5')
  expect(await write.json()).toMatchObject({ error: 'database_unavailable' })
  const health = await fetch(`${api.url}/api/health`)
  expect(health.status).toBe(503)
  expect(health.headers.get('retry-after')).toBe('5')
  expect((await fetch(`${api.url}/api/health/vivo`)).status).toBe(200)
  const signInDuringOutage = await fetch(`${api.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PRODUCT_ADMIN),
  })
  expect(signInDuringOutage.status).toBe(503)
  // A first visit still gets the app, with the default colours.
  const page = await fetch(`${api.url}/hospital-central/`, { headers: { accept: 'text/html' } })
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toContain('text/html')
  expect(page.headers.get('cache-control')).toBe('no-store')

  await cluster.startServer()
  await waitFor(async () => (await healthStatus()) === 200, 20_000)
  const createdBeforeTermination = load.created.length
  await waitFor(() => Promise.resolve(load.created.length > createdBeforeTermination + 3), 10_000)

  expect(await cluster.terminateConnections(databaseUrl)).toBeGreaterThan(0)
  const createdAfterTermination = load.created.length
  await waitFor(() => Promise.resolve(load.created.length > createdAfterTermination + 3), 10_000)
  await load.stop()

  expect(api.hasExited()).toBe(false)
  // Every answer was a success or a 503 to retry: no 500, no dropped connection.
  expect(new Set(load.statuses)).toEqual(new Set([201, 503]))
  const list = await fetch(`${api.url}/api/admin/hospitales`, {
    headers: { 'x-authorization': `Bearer ${token}` },
  })
  expect(list.status).toBe(200)
  const tenants = new Set(((await list.json()) as { tenant: string }[]).map((h) => h.tenant))
  for (const tenant of load.created) expect(tenants).toContain(tenant)
  expect(api.stderr()).not.toMatch(/Unhandled 'error' event/)
}, 90_000)
