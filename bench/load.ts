// Load benchmark of the reference API (`npm run bench:load`, or `npx tsx bench/load.ts`).
//
// Builds the server in-process on 127.0.0.1 (random port, temporary database), runs autocannon
// for LOAD_SECONDS (default 30) at 1, 10 and 50 connections against the hospitals listing and
// the demo sign-in, plus one sign-in run with the real rate limits to show the designed 429s.
// Prints a table, writes bench/results/load.json, then checks that the data survived intact
// (hospital and user rows unchanged, demo sign-in still works); exits non-zero otherwise.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app.js'
import { openDatabase } from '../server/db.js'

// autocannon ships no types; this is the part of its API used here.
interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}
interface AutocannonResult {
  requests: { average: number }
  latency: { p99: number; average: number }
  statusCodeStats: Record<string, { count: number } | undefined>
  errors: number
  timeouts: number
  totalCompletedRequests?: number
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>

const require = createRequire(import.meta.url)
const autocannon = require('autocannon') as Autocannon

// The only host this benchmark ever targets.
const HOST = '127.0.0.1'
const CONNECTIONS = [1, 10, 50] as const
const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }
const RESULTS_FILE = fileURLToPath(new URL('./results/load.json', import.meta.url))

function readLoadSeconds(): number {
  const raw = process.env.LOAD_SECONDS?.trim()
  if (raw === undefined || raw === '') return 30
  const seconds = Number(raw)
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 600) {
    throw new Error(`LOAD_SECONDS must be an integer from 1 to 600 (got "${raw}").`)
  }
  return seconds
}

function localUrl(app: FastifyInstance, path: string): string {
  const address = app.server.address()
  if (address === null || typeof address === 'string') {
    throw new Error('The server is not listening.')
  }
  const url = new URL(`http://${HOST}:${String(address.port)}${path}`)
  // Belt and braces: nothing may ever aim this load at another machine.
  if (url.hostname !== HOST) throw new Error(`Refusing to load ${url.hostname}.`)
  return url.href
}

interface Scenario {
  name: string
  app: FastifyInstance
  connections: number
  request: Omit<AutocannonOptions, 'url' | 'connections' | 'duration'> & { path: string }
  // Statuses this scenario is designed to produce; anything else fails the run.
  expectedStatuses: readonly number[]
}

interface RunResult {
  name: string
  connections: number
  requestsPerSecond: number
  p99LatencyMs: number
  averageLatencyMs: number
  statusCounts: Record<string, number>
  non2xxByStatus: Record<string, number>
  errors: number
  timeouts: number
  unexpectedStatuses: string[]
}

async function run(scenario: Scenario, seconds: number): Promise<RunResult> {
  const { path, ...request } = scenario.request
  const result = await autocannon({
    ...request,
    url: localUrl(scenario.app, path),
    connections: scenario.connections,
    duration: seconds,
  })
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, stat]) => [status, stat?.count ?? 0]),
  )
  return {
    name: scenario.name,
    connections: scenario.connections,
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    p99LatencyMs: result.latency.p99,
    averageLatencyMs: Math.round(result.latency.average * 10) / 10,
    statusCounts,
    non2xxByStatus: Object.fromEntries(
      Object.entries(statusCounts).filter(([status]) => !status.startsWith('2')),
    ),
    errors: result.errors,
    timeouts: result.timeouts,
    unexpectedStatuses: Object.keys(statusCounts).filter(
      (status) => !scenario.expectedStatuses.includes(Number(status)),
    ),
  }
}

function snapshotData(dbPath: string): string {
  const db = openDatabase(dbPath)
  try {
    return JSON.stringify({
      hospitals: db.prepare('SELECT * FROM hospitals ORDER BY tenant').all(),
      users: db.prepare('SELECT * FROM users ORDER BY id').all(),
    })
  } finally {
    db.close()
  }
}

async function demoSignInWorks(app: FastifyInstance): Promise<boolean> {
  const login = await fetch(localUrl(app, '/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  })
  if (login.status !== 200) return false
  const { token } = (await login.json()) as { token: string }
  const me = await fetch(localUrl(app, '/api/me'), {
    headers: { 'x-authorization': `Bearer ${token}` },
  })
  return me.status === 200
}

// Waits until work left over by the previous run is done. autocannon drops its connections at
// the end, but their password hashes keep running; libuv's thread pool is FIFO, so one more
// sign-in returns only once the backlog is gone, and the next run starts on an idle server.
async function drain(app: FastifyInstance): Promise<void> {
  await fetch(localUrl(app, '/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  })
}

async function main(): Promise<boolean> {
  const seconds = readLoadSeconds()
  const workDir = mkdtempSync(join(tmpdir(), 'clinica-load-'))
  const distDir = join(workDir, 'dist')
  mkdirSync(distDir)
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Clínica</title>')
  const dbPath = join(workDir, 'load.sqlite')

  // Same database, two limit settings: one lifted to measure throughput, one as shipped.
  const relaxed = await buildApp({
    dbPath,
    distDir,
    loginRateLimits: {
      perIp: { max: 1_000_000_000 },
      perAccount: { max: 1_000_000_000 },
    },
  })
  const asShipped = await buildApp({ dbPath, distDir })
  const apps = [relaxed, asShipped]
  // Stop by ourselves even if something hangs: every run plus a generous margin.
  const runCount = CONNECTIONS.length * 2 + 1
  setTimeout(
    () => {
      console.error('Load benchmark timed out.')
      process.exit(2)
    },
    (runCount * (seconds + 15) + 60) * 1000,
  ).unref()

  try {
    for (const app of apps) await app.listen({ host: HOST, port: 0 })
    const before = snapshotData(dbPath)

    const loginRequest = {
      path: '/api/auth/login',
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    }
    const scenarios: Scenario[] = [
      ...CONNECTIONS.map((connections) => ({
        name: 'GET /api/hospitales?tenant=hospital-central',
        app: relaxed,
        connections,
        request: { path: '/api/hospitales?tenant=hospital-central' },
        expectedStatuses: [200],
      })),
      ...CONNECTIONS.map((connections) => ({
        name: 'POST /api/auth/login (limits lifted)',
        app: relaxed,
        connections,
        request: loginRequest,
        expectedStatuses: [200],
      })),
      {
        name: 'POST /api/auth/login (real limits)',
        app: asShipped,
        connections: 10,
        request: loginRequest,
        expectedStatuses: [200, 429],
      },
    ]

    const results: RunResult[] = []
    for (const scenario of scenarios) {
      console.log(
        `… ${scenario.name}, ${String(scenario.connections)} connections, ${String(seconds)} s`,
      )
      results.push(await run(scenario, seconds))
      await drain(relaxed)
    }

    const dataIntact = snapshotData(dbPath) === before
    const signInWorks = await demoSignInWorks(relaxed)
    const unexpected = results.filter(
      (result) => result.unexpectedStatuses.length > 0 || result.errors > 0,
    )

    console.table(
      results.map((result) => ({
        run: result.name,
        connections: result.connections,
        'req/s': result.requestsPerSecond,
        'p99 ms': result.p99LatencyMs,
        'non-2xx': Object.entries(result.non2xxByStatus)
          .map(([status, count]) => `${status}: ${String(count)}`)
          .join(', '),
        errors: result.errors,
      })),
    )

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadSeconds: seconds,
      results,
      integrity: { dataIntact, signInWorks, unexpectedRuns: unexpected.map((r) => r.name) },
    }
    mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true })
    writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`)
    console.log(`Results written to ${RESULTS_FILE}`)
    console.log(
      `Data intact: ${dataIntact ? 'yes' : 'NO'} · demo sign-in: ${signInWorks ? 'works' : 'BROKEN'} · ` +
        `unexpected statuses or errors: ${unexpected.length === 0 ? 'none' : String(unexpected.length)}`,
    )
    return dataIntact && signInWorks && unexpected.length === 0
  } finally {
    await Promise.all(apps.map((app) => app.close()))
    rmSync(workDir, { recursive: true, force: true })
  }
}

main().then(
  (ok) => {
    process.exitCode = ok ? 0 : 1
  },
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
