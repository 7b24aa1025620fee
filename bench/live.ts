// Live events benchmark (`npm run bench:live`), on one throwaway PostgreSQL:
//   1. Latency: two API instances (real `server/index.ts` processes on 127.0.0.2 and .3), LIVE_STREAMS
//      (default 200) professional streams split evenly between them. A patient writes LIVE_WRITES
//      (default 100) requests on the first instance, one at a time; for each, the time from sending
//      the write to the event arriving on every stream of the second instance is a sample.
//      Prints p50, p95 and p99 (the target is p95 ≤ 250 ms).
//   2. Memory: one instance, its resident memory with no stream and with MEMORY_STREAMS (default
//      1,000) open streams, read from /proc; prints the difference per 1,000 streams (target
//      ≤ 50 MB).
// Writes bench/results/live.json. Everything shares this machine's cores with the load generator.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createParser } from 'eventsource-parser'
import { EVENTOS } from '../src/contract/care.js'
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
const MEMORY_STREAMS = readInteger('MEMORY_STREAMS', 1000)

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

/** Resident memory of the process listening on `url`'s port, in MB. */
function residentMb(url: string): number {
  const port = new URL(url).port
  const listing = execFileSync('ss', ['-Htlnp', `sport = :${port}`], { encoding: 'utf8' })
  const pid = /pid=(\d+)/.exec(listing)?.[1]
  if (pid === undefined) throw new Error(`No process found on port ${port}`)
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1])
  return kb / 1024
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
    const tokens = [
      await signIn(writer, 'profesional@hospital-central.es'),
      await signIn(reader, 'profesional2@hospital-central.es'),
    ]
    const sentAt = new Map<string, number>()
    const samples: number[] = []
    let arrivalsOnReader = 0
    for (let index = 0; index < STREAMS; index += 1) {
      const onReader = index % 2 === 1
      streams.push(
        await openStream(onReader ? reader : writer, tokens[index % 2] ?? '', (id) => {
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

async function measureMemory(databaseUrl: string, distDir: string) {
  const env = { DATABASE_URL: databaseUrl, DIST_DIR: distDir, DEMO_MODE: '1' }
  const instance = await startApiInstance({ host: '127.0.0.4', env, lifetimeSeconds: 600 })
  const streams: OpenStream[] = []
  try {
    const token = await signIn(instance.url, 'profesional@hospital-central.es')
    // Warm up: one stream open and closed, so code paths and pools exist before the baseline.
    const warm = await openStream(instance.url, token, () => undefined)
    await pause(500)
    warm.close()
    await pause(1500)
    const before = residentMb(instance.url)
    for (let index = 0; index < MEMORY_STREAMS; index += 1) {
      streams.push(await openStream(instance.url, token, () => undefined))
    }
    await pause(2000)
    const after = residentMb(instance.url)
    return {
      streams: MEMORY_STREAMS,
      rssBeforeMb: Math.round(before * 10) / 10,
      rssAfterMb: Math.round(after * 10) / 10,
      mbPer1000Streams: Math.round(((after - before) / MEMORY_STREAMS) * 1000 * 10) / 10,
    }
  } finally {
    for (const stream of streams) stream.close()
    await instance.stop()
  }
}

async function main() {
  const dist = createMinimalDist()
  const cluster = await startPostgresCluster({ lifetimeSeconds: 900 })
  try {
    console.log(`… latency: 2 instances, ${String(STREAMS)} streams, ${String(WRITES)} writes`)
    const latency = await measureLatency(await cluster.createDatabase(), dist.dir)
    console.log(`… memory: 1 instance, ${String(MEMORY_STREAMS)} streams`)
    const memory = await measureMemory(await cluster.createDatabase(), dist.dir)
    console.table({ 'write → event on the other instance (ms)': latency })
    console.table({ 'memory of one instance': memory })
    mkdirSync(dirname(RESULTS_FILE), { recursive: true })
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ date: new Date().toISOString(), latency, memory }, null, 2)}\n`,
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
