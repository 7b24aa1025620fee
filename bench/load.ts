// Load benchmark of the reference API (`npm run bench:load`).
//
// Starts the real server (`server/index.ts`, its own process, so the load generator does not
// share its event loop) on 127.0.0.1:LOAD_PORT (default 4378) with a temporary database, and
// runs autocannon for LOAD_SECONDS (default 30) at 1, 10 and 50 connections against:
//   1. GET /api/hospitales?tenant=hospital-central
//   2. POST /api/auth/login (demo account), rate limits lifted: the cost of sign-in itself; past
//      what the password-check queue holds, 503 + Retry-After is the designed answer (shedding)
//   3. POST /api/auth/login with the limits as shipped: 429 is the designed answer here
// Then it checks the data survived (hospital and user rows byte for byte, the same listing over
// HTTP, the demo sign-in and /api/me working on a fresh server), prints a table, writes
// bench/results/load.json and exits non-zero on any error that is not a designed 429.
// Every server it starts runs under `timeout`, so it stops by itself even if this script dies.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
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
  requests: { average: number; total: number }
  latency: { p99: number; average: number }
  statusCodeStats: Record<string, { count: number } | undefined>
  errors: number
  timeouts: number
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>

const require = createRequire(import.meta.url)
const autocannon = require('autocannon') as Autocannon

const HOST = '127.0.0.1'
const PORT_RANGE = { min: 4374, max: 4379 }
const CONNECTIONS = [1, 10, 50] as const
const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const RESULTS_FILE = fileURLToPath(new URL('./results/load.json', import.meta.url))
const HOSPITALES_PATH = '/api/hospitales?tenant=hospital-central'
const SERVER_START_TIMEOUT_MS = 60_000

function readInteger(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `${name} must be an integer from ${String(min)} to ${String(max)} (got "${raw}").`,
    )
  }
  return value
}

const SECONDS = readInteger('LOAD_SECONDS', 30, 1, 600)
const PORT = readInteger('LOAD_PORT', 4378, PORT_RANGE.min, PORT_RANGE.max)
const BASE_URL = `http://${HOST}:${String(PORT)}`

interface ServerHandle {
  process: ChildProcess
  stop(): Promise<void>
}

interface ServerSettings {
  dbPath: string
  distDir: string
  /** Sign-in limits lifted to measure sign-in itself; otherwise as shipped. */
  liftLimits: boolean
}

async function isAnswering(): Promise<boolean> {
  try {
    return (await fetch(`${BASE_URL}/api/health`)).ok
  } catch {
    return false
  }
}

/** Starts `server/index.ts` in its own process and waits until it answers. */
async function startServer({ dbPath, distDir, liftLimits }: ServerSettings): Promise<ServerHandle> {
  if (await isAnswering()) throw new Error(`Port ${String(PORT)} is already in use.`)
  // Longest this server may live: every run of a phase, plus a margin. `timeout` ends it even
  // if this script is killed before it can.
  const lifetimeSeconds = CONNECTIONS.length * 2 * (SECONDS + 20) + 120
  const child = spawn(
    'timeout',
    ['-s', 'TERM', String(lifetimeSeconds), process.execPath, '--import', 'tsx', 'server/index.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        HOST,
        PORT: String(PORT),
        DB_PATH: dbPath,
        DIST_DIR: distDir,
        DEMO_MODE: '1',
        LOG_LEVEL: 'warn',
        ...(liftLimits
          ? { LOGIN_RATE_LIMIT: '1000000', LOGIN_ACCOUNT_RATE_LIMIT: '1000000' }
          : { LOGIN_RATE_LIMIT: '', LOGIN_ACCOUNT_RATE_LIMIT: '' }),
      },
    },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve()
    })
  })

  const deadline = Date.now() + SERVER_START_TIMEOUT_MS
  while (!(await isAnswering())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`The server did not start on ${BASE_URL}.\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

interface Scenario {
  name: string
  limits: 'lifted' | 'as shipped'
  connections: number
  request: Omit<AutocannonOptions, 'url' | 'connections' | 'duration'> & { path: string }
  /** Statuses the scenario is designed to produce besides 2xx (counted apart, not as errors). */
  designedStatuses: readonly number[]
}

interface RunResult {
  name: string
  limits: Scenario['limits']
  connections: number
  requestsPerSecond: number
  p99LatencyMs: number
  averageLatencyMs: number
  totalRequests: number
  statusCounts: Record<string, number>
  ok2xx: number
  /** Designed refusals: 429 (rate limits) and 503 (password-check queue full). */
  designed429: number
  designed503: number
  /**
   * Socket errors, client time-outs (no answer within autocannon's 10 s) and every status that
   * is neither 2xx nor designed.
   */
  errors: number
  timeouts: number
  unexpectedStatuses: Record<string, number>
}

async function run(scenario: Scenario): Promise<RunResult> {
  const { path, ...request } = scenario.request
  const result = await autocannon({
    ...request,
    url: `${BASE_URL}${path}`,
    connections: scenario.connections,
    duration: SECONDS,
  })
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, stat]) => [status, stat?.count ?? 0]),
  )
  const count = (predicate: (status: number) => boolean) =>
    Object.entries(statusCounts)
      .filter(([status]) => predicate(Number(status)))
      .reduce((sum, [, value]) => sum + value, 0)
  const isOk = (status: number) => status >= 200 && status < 300
  const isDesigned = (status: number) => scenario.designedStatuses.includes(status)
  const unexpectedStatuses = Object.fromEntries(
    Object.entries(statusCounts).filter(
      ([status]) => !isOk(Number(status)) && !isDesigned(Number(status)),
    ),
  )
  const unexpectedCount = Object.values(unexpectedStatuses).reduce((sum, value) => sum + value, 0)
  return {
    name: scenario.name,
    limits: scenario.limits,
    connections: scenario.connections,
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    p99LatencyMs: result.latency.p99,
    averageLatencyMs: Math.round(result.latency.average * 10) / 10,
    totalRequests: result.requests.total,
    statusCounts,
    ok2xx: count(isOk),
    designed429: count((status) => status === 429 && isDesigned(status)),
    designed503: count((status) => status === 503 && isDesigned(status)),
    // autocannon counts time-outs among its errors.
    errors: result.errors + unexpectedCount,
    timeouts: result.timeouts,
    unexpectedStatuses,
  }
}

/** Waits until sign-ins left over by the previous run are done (libuv's pool is FIFO). */
async function drain(): Promise<void> {
  await fetch(`${BASE_URL}/api/health`)
  await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO, password: 'drain-only' }),
  })
}

async function snapshotRows(dbPath: string): Promise<string> {
  const db = openDatabase({ engine: 'sqlite', path: dbPath })
  try {
    return JSON.stringify({
      hospitals: await db.selectFrom('hospitals').selectAll().orderBy('tenant').execute(),
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    })
  } finally {
    await db.destroy()
  }
}

async function readListing(): Promise<string> {
  return (await fetch(`${BASE_URL}${HOSPITALES_PATH}`)).text()
}

async function demoSignInWorks(): Promise<boolean> {
  const login = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  })
  if (login.status !== 200) return false
  const { token } = (await login.json()) as { token: string }
  const me = await fetch(`${BASE_URL}/api/me`, {
    headers: { 'x-authorization': `Bearer ${token}` },
  })
  return me.status === 200 && ((await me.json()) as { tenant?: string }).tenant === DEMO.tenant
}

function scenarios(limits: Scenario['limits']): Scenario[] {
  const login: Scenario['request'] = {
    path: '/api/auth/login',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  }
  if (limits === 'as shipped') {
    return CONNECTIONS.map((connections) => ({
      name: 'POST /api/auth/login',
      limits,
      connections,
      request: login,
      designedStatuses: [429, 503],
    }))
  }
  return [
    ...CONNECTIONS.map((connections) => ({
      name: `GET ${HOSPITALES_PATH}`,
      limits,
      connections,
      request: { path: HOSPITALES_PATH },
      designedStatuses: [],
    })),
    ...CONNECTIONS.map((connections) => ({
      name: 'POST /api/auth/login',
      limits,
      connections,
      request: login,
      designedStatuses: [503],
    })),
  ]
}

async function runPhase(settings: ServerSettings, results: RunResult[]): Promise<void> {
  const server = await startServer(settings)
  try {
    for (const scenario of scenarios(settings.liftLimits ? 'lifted' : 'as shipped')) {
      console.log(
        `… ${scenario.name} (limits ${scenario.limits}), ${String(scenario.connections)} connections, ${String(SECONDS)} s`,
      )
      results.push(await run(scenario))
      await drain()
    }
  } finally {
    await server.stop()
  }
}

function printTable(results: RunResult[]) {
  console.table(
    results.map((result) => ({
      scenario: result.name,
      limits: result.limits,
      conns: result.connections,
      'req/s': result.requestsPerSecond,
      'p99 ms': result.p99LatencyMs,
      '2xx': result.ok2xx,
      'designed 429': result.designed429,
      'designed 503': result.designed503,
      errors: result.errors,
      'of which time-outs': result.timeouts,
    })),
  )
}

async function main(): Promise<boolean> {
  const workDir = mkdtempSync(join(tmpdir(), 'clinica-load-'))
  const distDir = join(workDir, 'dist')
  mkdirSync(distDir)
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Clínica</title>')
  const dbPath = join(workDir, 'load.sqlite')
  const results: RunResult[] = []

  try {
    // Seed the database once and take the reference copies before any load.
    const seeding = await startServer({ dbPath, distDir, liftLimits: true })
    const listingBefore = await readListing()
    await seeding.stop()
    const rowsBefore = await snapshotRows(dbPath)

    await runPhase({ dbPath, distDir, liftLimits: true }, results)
    await runPhase({ dbPath, distDir, liftLimits: false }, results)

    // A fresh server: its in-memory rate limits are new, so the demo sign-in is allowed again.
    const checking = await startServer({ dbPath, distDir, liftLimits: false })
    let listingIntact: boolean
    let signInWorks: boolean
    try {
      listingIntact = (await readListing()) === listingBefore
      signInWorks = await demoSignInWorks()
    } finally {
      await checking.stop()
    }
    const rowsIntact = (await snapshotRows(dbPath)) === rowsBefore
    const failedRuns = results.filter((result) => result.errors > 0)

    printTable(results)
    const integrity = { rowsIntact, listingIntact, signInWorks, failedRuns: failedRuns.length }
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadSeconds: SECONDS,
      server: `${BASE_URL} (server/index.ts, own process, temporary database)`,
      results,
      integrity,
    }
    mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true })
    writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`)
    console.log(`Results written to ${RESULTS_FILE}`)
    console.log(
      `Rows intact: ${rowsIntact ? 'yes' : 'NO'} · listing unchanged: ${listingIntact ? 'yes' : 'NO'} · ` +
        `demo sign-in: ${signInWorks ? 'works' : 'BROKEN'} · runs with errors: ${String(failedRuns.length)}`,
    )
    return rowsIntact && listingIntact && signInWorks && failedRuns.length === 0
  } finally {
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
