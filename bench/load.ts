// Load benchmark of the reference API (`npm run bench:load`), per deployment:
//   SQLite, 1 instance · PostgreSQL, 1, 2 and 3 instances (one throwaway PostgreSQL, unix socket).
// Every instance is the real server (`server/index.ts`, its own process, under `timeout` so it
// stops by itself) on its own loopback address, 127.0.0.2–4. For each deployment autocannon
// loads, for LOAD_SECONDS (default 8) with LOAD_CONNECTIONS (default 12) connections split evenly
// over the instances (one autocannon per instance, all at once, as a balancer would spread them):
//   1. GET /api/hospitales?tenant=hospital-central
//   2. POST /api/auth/login (every demo account in turn), limits lifted: the cost of sign-in itself, with the
//      counters in the database on PostgreSQL; past what the password-check queues hold,
//      503 + Retry-After is the designed answer (shedding)
// Then the fault row: one instance on PostgreSQL under the listing's load while PostgreSQL is
// stopped (fast shutdown) for 2 s and started again: requests answered, designed 503s (the
// database is down) and errors (anything else: 500s, dropped connections, a dead process).
// After each deployment's load, a fresh look checks nothing was lost: the listing is unchanged and
// the demo sign-in and /api/me work. It prints a table, writes bench/results/load.json and exits
// non-zero on any error that is not a designed 503. Everything runs on this one machine: with 2
// cores, more instances share the same CPUs with PostgreSQL and the load generator.
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createMinimalDist,
  startApiInstance,
  type ApiInstance,
} from '../server/testing/api-instances.js'
import { DEMO_USERS } from '../server/seed/demo-data.js'
import { startPostgresCluster, type PostgresCluster } from '../server/testing/postgres-cluster.js'

// autocannon ships no types; this is the part of its API used here.
interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Called before each request is sent: what it returns is sent instead. */
  requests?: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[]
}
interface AutocannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
}
interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p99: number }
  statusCodeStats: Record<string, { count: number } | undefined>
  errors: number
  timeouts: number
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>

const require = createRequire(import.meta.url)
const autocannon = require('autocannon') as Autocannon

const HOSTS = ['127.0.0.2', '127.0.0.3', '127.0.0.4']
const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }
let demoTurn = 0
function nextDemoSignIn(): string {
  const user = DEMO_USERS[demoTurn % DEMO_USERS.length]
  demoTurn += 1
  return JSON.stringify({ email: user?.email, password: user?.password, tenant: user?.tenant })
}
const RESULTS_FILE = fileURLToPath(new URL('./results/load.json', import.meta.url))
const HOSPITALES_PATH = '/api/hospitales?tenant=hospital-central'

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

const SECONDS = readInteger('LOAD_SECONDS', 8, 1, 600)
const CONNECTIONS = readInteger('LOAD_CONNECTIONS', 12, 3, 600)

interface Deployment {
  name: string
  instances: number
  /** `DATABASE_URL` for PostgreSQL; SQLite otherwise (a temporary file per instance set). */
  databaseUrl?: string
}

interface Scenario {
  name: string
  request: Omit<AutocannonOptions, 'url' | 'connections' | 'duration'> & { path: string }
  /** Statuses the scenario is designed to produce besides 2xx (not counted as errors). */
  designedStatuses: readonly number[]
}

const SCENARIOS: Scenario[] = [
  { name: 'GET /api/hospitales', request: { path: HOSPITALES_PATH }, designedStatuses: [] },
  {
    name: 'POST /api/auth/login',
    request: {
      path: '/api/auth/login',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Every demo account in turn, as a clinic's morning of people signing in: one account
      // signing in many times at once is what the per-account throttle holds back by design.
      requests: [
        {
          setupRequest: (request) => ({ ...request, body: nextDemoSignIn() }),
        },
      ],
    },
    designedStatuses: [503],
  },
]

interface RunResult {
  deployment: string
  instances: number
  scenario: string
  requestsPerSecond: number
  /** The worst p99 of the instances' loads. */
  p99LatencyMs: number
  ok2xx: number
  designed503: number
  /** Socket errors, time-outs and every status neither 2xx nor designed. */
  errors: number
  statusCounts: Record<string, number>
}

async function run(
  deployment: Deployment,
  instances: ApiInstance[],
  scenario: Scenario,
): Promise<RunResult> {
  const { path, ...request } = scenario.request
  const results = await Promise.all(
    instances.map(({ url }) =>
      autocannon({
        ...request,
        url: `${url}${path}`,
        connections: Math.max(1, Math.round(CONNECTIONS / instances.length)),
        duration: SECONDS,
      }),
    ),
  )
  const statusCounts: Record<string, number> = {}
  for (const result of results) {
    for (const [status, stat] of Object.entries(result.statusCodeStats)) {
      statusCounts[status] = (statusCounts[status] ?? 0) + (stat?.count ?? 0)
    }
  }
  const count = (predicate: (status: number) => boolean) =>
    Object.entries(statusCounts)
      .filter(([status]) => predicate(Number(status)))
      .reduce((sum, [, value]) => sum + value, 0)
  const isOk = (status: number) => status >= 200 && status < 300
  const isDesigned = (status: number) => scenario.designedStatuses.includes(status)
  return {
    deployment: deployment.name,
    instances: instances.length,
    scenario: scenario.name,
    requestsPerSecond: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p99LatencyMs: Math.max(...results.map((result) => result.latency.p99)),
    ok2xx: count(isOk),
    designed503: count((status) => status === 503 && isDesigned(status)),
    // autocannon counts time-outs among its errors.
    errors:
      results.reduce((sum, result) => sum + result.errors, 0) +
      count((status) => !isOk(status) && !isDesigned(status)),
    statusCounts,
  }
}

async function readListing(base: string): Promise<string> {
  return (await fetch(`${base}${HOSPITALES_PATH}`)).text()
}

async function demoSignInWorks(base: string): Promise<boolean> {
  // Leftover sign-ins of the load may still hold the queue for a moment: 503 means "again".
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    })
    if (login.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      continue
    }
    if (login.status !== 200) return false
    const { token } = (await login.json()) as { token: string }
    const me = await fetch(`${base}/api/me`, { headers: { 'x-authorization': `Bearer ${token}` } })
    return me.status === 200
  }
  return false
}

/** The fault row: what the API answers while PostgreSQL restarts under load. */
const FAULT_SCENARIO: Scenario = {
  name: 'GET /api/hospitales, PostgreSQL restarted',
  request: { path: HOSPITALES_PATH },
  // While the database is down the API answers 503 with Retry-After, by design.
  designedStatuses: [503],
}

/** How long PostgreSQL stays down during the fault row. */
const OUTAGE_MS = 2_000

async function measureRestart(
  cluster: PostgresCluster,
  databaseUrl: string,
  distDir: string,
  results: RunResult[],
): Promise<Integrity> {
  const deployment = { name: 'PostgreSQL', instances: 1, databaseUrl }
  const instance = await startApiInstance({
    host: HOSTS[0] ?? '127.0.0.2',
    env: { DIST_DIR: distDir, DEMO_MODE: '1', DATABASE_URL: databaseUrl },
    lifetimeSeconds: SECONDS + 90,
  })
  try {
    const listingBefore = await readListing(instance.url)
    console.log(`… PostgreSQL: restart under load, ${String(SECONDS)} s`)
    const load = run(deployment, [instance], FAULT_SCENARIO)
    // The restart falls in the middle of the load: fast shutdown, an outage, a start.
    await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 3))
    await cluster.stopServer()
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS))
    await cluster.startServer()
    results.push(await load)
    return {
      deployment: 'PostgreSQL, restarted',
      listingIntact: !instance.hasExited() && (await readListing(instance.url)) === listingBefore,
      signInWorks: await demoSignInWorks(instance.url),
    }
  } finally {
    await instance.stop()
  }
}

interface Integrity {
  deployment: string
  listingIntact: boolean
  signInWorks: boolean
}

async function measure(
  deployment: Deployment,
  distDir: string,
  dbPath: string,
  results: RunResult[],
): Promise<Integrity> {
  const env = {
    DIST_DIR: distDir,
    DEMO_MODE: '1',
    LOGIN_RATE_LIMIT: '1000000',
    LOGIN_ACCOUNT_RATE_LIMIT: '1000000',
    ...(deployment.databaseUrl === undefined
      ? { DB_PATH: dbPath }
      : { DATABASE_URL: deployment.databaseUrl }),
  }
  // Longest an instance may live: every scenario plus a margin; `timeout` ends it regardless.
  const lifetimeSeconds = SCENARIOS.length * (SECONDS + 30) + 60
  const instances: ApiInstance[] = []
  try {
    for (const host of HOSTS.slice(0, deployment.instances)) {
      instances.push(await startApiInstance({ host, env, lifetimeSeconds }))
    }
    const first = instances[0]
    if (!first) throw new Error('No instance started.')
    const listingBefore = await readListing(first.url)
    for (const scenario of SCENARIOS) {
      console.log(`… ${deployment.name}: ${scenario.name}, ${String(SECONDS)} s`)
      results.push(await run(deployment, instances, scenario))
    }
    const last = instances[instances.length - 1] ?? first
    return {
      deployment: deployment.name,
      listingIntact: (await readListing(last.url)) === listingBefore,
      signInWorks: await demoSignInWorks(last.url),
    }
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()))
  }
}

async function main(): Promise<boolean> {
  const dist = createMinimalDist()
  const cluster = await startPostgresCluster({ lifetimeSeconds: 600 })
  const results: RunResult[] = []
  const integrity: Integrity[] = []
  try {
    const deployments: Deployment[] = [
      { name: 'SQLite', instances: 1 },
      ...[1, 2, 3].map((instances) => ({ name: 'PostgreSQL', instances })),
    ]
    for (const deployment of deployments) {
      // A database of its own per deployment: each starts from the same seeded state.
      const databaseUrl =
        deployment.name === 'PostgreSQL' ? await cluster.createDatabase() : undefined
      const dbPath = join(dirname(dist.dir), 'load.sqlite')
      integrity.push(await measure({ ...deployment, databaseUrl }, dist.dir, dbPath, results))
    }
    integrity.push(await measureRestart(cluster, await cluster.createDatabase(), dist.dir, results))
  } finally {
    await cluster.stop()
    dist.remove()
  }

  console.table(
    results.map((result) => ({
      database: result.deployment,
      instances: result.instances,
      scenario: result.scenario,
      'req/s': result.requestsPerSecond,
      'p99 ms': result.p99LatencyMs,
      '2xx': result.ok2xx,
      'designed 503': result.designed503,
      errors: result.errors,
    })),
  )
  const failedRuns = results.filter((result) => result.errors > 0)
  const lost = integrity.filter((check) => !check.listingIntact || !check.signInWorks)
  mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true })
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        loadSeconds: SECONDS,
        connections: CONNECTIONS,
        results,
        integrity,
      },
      null,
      2,
    )}\n`,
  )
  console.log(`Results written to ${RESULTS_FILE}`)
  console.log(
    `Runs with errors: ${String(failedRuns.length)} · deployments that lost data or sign-in: ${String(lost.length)}`,
  )
  return failedRuns.length === 0 && lost.length === 0
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
