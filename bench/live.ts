// Live events benchmark (`npm run bench:live`), on one throwaway PostgreSQL:
//   1. Latency: two API instances (real `server/index.ts` processes on 127.0.0.2 and .3), LIVE_STREAMS
//      (default 200) professional streams split evenly between them. A patient writes LIVE_WRITES
//      (default 100) requests on the first instance, one at a time; for each, the time from sending
//      the write to the event arriving on every stream of the second instance is a sample.
//      Prints p50, p95 and p99 (the target is p95 ≤ 250 ms). Streams are capped per session and
//      account, so the streams belong to professionals made for the run, 6 streams each.
// What a stream costs in memory and descriptors: bench/stream-cost.ts.
// Writes bench/results/live.json. Everything shares this machine's cores with the load generator.
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createParser } from 'eventsource-parser'
import pg from 'pg'
import { EVENTOS, STREAMS_PER_SESSION } from '../src/contract/care.js'
import {
  createMinimalDist,
  startApiInstance,
  type ApiInstance,
} from '../server/testing/api-instances.js'
import { startPostgresCluster } from '../server/testing/postgres-cluster.js'

const RESULTS_FILE = fileURLToPath(new URL('./results/live.json', import.meta.url))
const TENANT = 'hospital-central'

function readInteger(name: string, fallback: number): number {
  const raw = process.env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 10_000) {
    throw new Error(`${name} must be an integer from 1 to 10000 (got "${raw}").`)
  }
  return value
}

const STREAMS = readInteger('LIVE_STREAMS', 200)
const WRITES = readInteger('LIVE_WRITES', 100)

/** Professionals of the hospital for the run, with the demo password (its hash copied). */
async function createProfessionals(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const emails = Array.from(
      { length: count },
      (_, index) => `carga-${String(index)}@${TENANT}.es`,
    )
    await client.query(
      `INSERT INTO users (email, password_hash, nombre, rol, tenant)
       SELECT email, (SELECT password_hash FROM users WHERE email = 'profesional@hospital-central.es'),
              'Profesional ' || email, 'profesional', $2
       FROM unnest($1::text[]) AS email`,
      [emails, TENANT],
    )
    return emails
  } finally {
    await client.end()
  }
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

interface OpenStream {
  close(): void
}

/** Opens a stream; `onRequest(id)` runs for each `asistencia` event with the request's id. */
async function openStream(
  base: string,
  token: string,
  onRequest: (id: string) => void,
): Promise<OpenStream> {
  const controller = new AbortController()
  const response = await fetch(`${base}/api/eventos`, {
    headers: { 'x-authorization': `Bearer ${token}` },
    signal: controller.signal,
  })
  if (!response.ok || !response.body) throw new Error(`Stream refused: ${String(response.status)}`)
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === EVENTOS.asistencia)
        onRequest((JSON.parse(event.data) as { id: string }).id)
    },
  })
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        parser.feed(decoder.decode(value, { stream: true }))
      }
    } catch {
      // Closed by the benchmark.
    }
  })()
  return {
    close: () => {
      controller.abort()
    },
  }
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return Math.round((sorted[Math.max(0, index)] ?? Number.NaN) * 10) / 10
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function measureLatency(databaseUrl: string, distDir: string) {
  const env = { DATABASE_URL: databaseUrl, DIST_DIR: distDir, DEMO_MODE: '1' }
  const instances: ApiInstance[] = []
  const streams: OpenStream[] = []
  try {
    for (const host of ['127.0.0.2', '127.0.0.3']) {
      instances.push(await startApiInstance({ host, env, lifetimeSeconds: 600 }))
    }
    const [writer, reader] = instances.map((instance) => instance.url)
    if (writer === undefined || reader === undefined) throw new Error('Instances missing.')
    const patient = await signIn(writer, 'demo@hospital-central.es')
    const emails = await createProfessionals(databaseUrl, Math.ceil(STREAMS / STREAMS_PER_SESSION))
    const tokens: string[] = []
    for (const [index, email] of emails.entries()) {
      tokens.push(await signIn(index % 2 === 1 ? reader : writer, email))
    }
    const sentAt = new Map<string, number>()
    const samples: number[] = []
    let arrivalsOnReader = 0
    for (let index = 0; index < STREAMS; index += 1) {
      const onReader = index % 2 === 1
      streams.push(
        await openStream(onReader ? reader : writer, tokens[index % tokens.length] ?? '', (id) => {
          const start = sentAt.get(id)
          if (start === undefined || !onReader) return
          samples.push(performance.now() - start)
          arrivalsOnReader += 1
        }),
      )
    }
    await pause(500)
    for (let write = 0; write < WRITES; write += 1) {
      const id = randomUUID()
      const expected = arrivalsOnReader + STREAMS / 2
      sentAt.set(id, performance.now())
      const response = await fetch(`${writer}/api/asistencias`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${patient}` },
        body: JSON.stringify({ id, motivo: `Prueba de carga ${String(write)}` }),
      })
      if (response.status !== 201) throw new Error(`Write refused: ${String(response.status)}`)
      // The next write once every stream on the other instance has this one (or after 2 s).
      const deadline = performance.now() + 2000
      while (arrivalsOnReader < expected && performance.now() < deadline) await pause(2)
    }
    const sorted = [...samples].sort((a, b) => a - b)
    return {
      streams: STREAMS,
      writes: WRITES,
      samples: sorted.length,
      expectedSamples: (WRITES * STREAMS) / 2,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
    }
  } finally {
    for (const stream of streams) stream.close()
    await Promise.all(instances.map((instance) => instance.stop()))
  }
}

async function main() {
  const dist = createMinimalDist()
  const cluster = await startPostgresCluster({ lifetimeSeconds: 900 })
  try {
    console.log(`… latency: 2 instances, ${String(STREAMS)} streams, ${String(WRITES)} writes`)
    const latency = await measureLatency(await cluster.createDatabase(), dist.dir)
    console.table({ 'write → event on the other instance (ms)': latency })
    mkdirSync(dirname(RESULTS_FILE), { recursive: true })
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ date: new Date().toISOString(), latency }, null, 2)}\n`,
    )
    return latency.samples === latency.expectedSamples
  } finally {
    await cluster.stop()
    dist.remove()
  }
}

main().then(
  (complete) => {
    if (!complete) {
      console.error('Some events did not arrive.')
      process.exitCode = 1
    }
  },
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
