// Web Push benchmark (`npm run bench:push`), on one throwaway PostgreSQL: two API instances (real
// `server/index.ts` processes on 127.0.0.4 and .5) and a local push service on 127.0.0.1 that
// checks each post's VAPID signature and decrypts it. A professional's device is subscribed; the
// patient writes PUSH_ALERTS (default 200) messages in the consultation, one at a time, alternating
// instances. Each sample is the time from sending the write to the push service receiving its
// alert (the event's transaction, a sender's claim, signing, encryption and the post). Prints
// p50, p95 and p99, and checks every alert arrived exactly once. Writes bench/results/push.json.
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createMinimalDist,
  startApiInstance,
  type ApiInstance,
} from '../server/testing/api-instances.js'
import { startPostgresCluster } from '../server/testing/postgres-cluster.js'
import { startTestPushService } from '../server/testing/push-service.js'

const RESULTS_FILE = fileURLToPath(new URL('./results/push.json', import.meta.url))
const TENANT = 'hospital-central'
const HOSTS = ['127.0.0.4', '127.0.0.5']

function readInteger(name: string, fallback: number): number {
  const raw = process.env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 10_000) {
    throw new Error(`${name} must be an integer from 1 to 10000 (got "${raw}").`)
  }
  return value
}

const ALERTS = readInteger('PUSH_ALERTS', 200)
/** Consultations the alerts' messages are spread over. */
const CONSULTATIONS = 10

async function call(base: string, token: string, method: string, path: string, body?: object) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'x-authorization': `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${String(response.status)}`)
  return response
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234', tenant: TENANT }),
  })
  if (!response.ok) throw new Error(`Sign-in failed on ${base}: ${String(response.status)}`)
  return ((await response.json()) as { token: string }).token
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return Math.round((sorted[Math.max(0, index)] ?? Number.NaN) * 10) / 10
}

async function main() {
  const dist = createMinimalDist()
  const cluster = await startPostgresCluster({ lifetimeSeconds: 900 })
  const service = await startTestPushService({ lifetimeMs: 900_000 })
  const instances: ApiInstance[] = []
  try {
    const env = {
      DATABASE_URL: await cluster.createDatabase(),
      DIST_DIR: dist.dir,
      DEMO_MODE: '1',
      PUSH_SERVICE_ORIGINS: service.origin,
    }
    // One after the other: the first creates the schema, the second finds it.
    for (const host of HOSTS) {
      instances.push(await startApiInstance({ host, env, lifetimeSeconds: 900 }))
    }
    const url = (index: number) => instances[index % instances.length]?.url ?? ''
    const patient = await signIn(url(0), 'demo@hospital-central.es')
    const professional = await signIn(url(1), 'profesional@hospital-central.es')
    const device = service.subscribe()
    await call(url(0), professional, 'PUT', '/api/avisos/suscripcion', device)
    // Messages go round several consultations, so no one of them meets the pace a conversation
    // allows (MENSAJES_POR_VENTANA).
    const consultations: string[] = []
    for (let index = 0; index < CONSULTATIONS; index++) {
      const id = randomUUID()
      await call(url(0), patient, 'POST', '/api/asistencias', { id, motivo: 'Banco de pruebas' })
      await call(url(1), professional, 'POST', `/api/asistencias/${id}/atender`)
      consultations.push(id)
    }

    console.log(`… ${String(ALERTS)} alerts over 2 instances`)
    const samples: number[] = []
    for (let index = 0; index < ALERTS; index++) {
      const seen = service.received.length
      const started = performance.now()
      const arrived = service.next((_, position) => position >= seen)
      const id = consultations[index % CONSULTATIONS] ?? ''
      await call(url(index), patient, 'POST', `/api/asistencias/${id}/mensajes`, {
        id: randomUUID(),
        texto: `Mensaje ${String(index)}`,
      })
      await arrived
      samples.push(performance.now() - started)
    }
    // Stopped, the instances have nothing in flight: a duplicate would have arrived by now.
    await Promise.all(instances.map((instance) => instance.stop()))
    const sorted = [...samples].sort((a, b) => a - b)
    const latency = {
      samples: samples.length,
      received: service.received.length,
      failures: service.failures.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
    }
    console.table({ 'write → push received (ms)': latency })
    mkdirSync(dirname(RESULTS_FILE), { recursive: true })
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ date: new Date().toISOString(), latency }, null, 2)}\n`,
    )
    return latency.received === ALERTS && latency.failures === 0
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()))
    await service.close()
    await cluster.stop()
    dist.remove()
  }
}

main().then(
  (complete) => {
    if (!complete) {
      console.error('Alerts were lost, duplicated or refused.')
      process.exitCode = 1
    }
  },
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
