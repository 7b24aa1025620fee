// What one open live stream costs, and what happens past the instance's cap
// (`npx tsx bench/stream-cost.ts`): for each count in STREAM_COUNTS (default 1000,5000), one
// API process on SQLite with LIVE_STREAMS_MAX set to that count; distinct patients (6 streams
// each, the per-session cap) open that many streams; the process's resident memory and open file
// descriptors are read from /proc before and after. Then 100 more streams are tried (each must
// get 503) while 50 health checks and 50 writes must all answer. Writes
// bench/results/stream-cost.json.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { STREAMS_PER_SESSION } from '../src/contract/care.js'
import { createMinimalDist, findFreePort } from '../server/testing/api-instances.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const RESULTS_FILE = fileURLToPath(new URL('./results/stream-cost.json', import.meta.url))
const TENANT = 'hospital-central'
const HOST = '127.0.0.5'
const COUNTS = (process.env.STREAM_COUNTS ?? '1000,5000').split(',').map(Number)
const PAST_CAP = 100
const PROBES = 50

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function processFigures(pid: number) {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
  return {
    rssMb: Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024,
    fds: readdirSync(`/proc/${String(pid)}/fd`).length,
  }
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234', tenant: TENANT }),
  })
  if (!response.ok) throw new Error(`Sign-in failed: ${String(response.status)}`)
  return ((await response.json()) as { token: string }).token
}

/** Opens a stream and keeps reading it; resolves with its status and a way to close it. */
async function openStream(base: string, token: string) {
  const controller = new AbortController()
  const response = await fetch(`${base}/api/eventos`, {
    headers: { 'x-authorization': `Bearer ${token}` },
    signal: controller.signal,
  })
  const reader = response.body?.getReader()
  void (async () => {
    try {
      while (reader && !(await reader.read()).done);
    } catch {
      // Closed by the benchmark.
    }
  })()
  return {
    status: response.status,
    close: () => {
      controller.abort()
    },
  }
}

async function measure(count: number, distDir: string) {
  const dir = mkdtempSync(join(tmpdir(), 'clinica-stream-cost-'))
  const dbPath = join(dir, 'clinica.sqlite')
  const port = await findFreePort(HOST)
  const base = `http://${HOST}:${String(port)}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST,
      PORT: String(port),
      DB_PATH: dbPath,
      DIST_DIR: distDir,
      DEMO_MODE: '1',
      LIVE_STREAMS_MAX: String(count),
      // One client address opens everything here.
      LIVE_STREAMS_PER_ADDRESS: String(count * 2),
      LOGIN_RATE_LIMIT: '1000000',
    },
  })
  const streams: { close(): void }[] = []
  try {
    while (
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await pause(200)
    // Patients made by copying the demo patient's password hash: no scrypt for each one.
    const patients = Math.ceil(count / STREAMS_PER_SESSION)
    const db = new Database(dbPath)
    db.prepare(
      `INSERT INTO users (email, password_hash, nombre, rol, tenant)
       SELECT 'carga-' || value || '@hospital-central.es', (SELECT password_hash FROM users WHERE email = 'demo@hospital-central.es'), 'Paciente ' || value, 'cliente', ?
       FROM json_each(?)`,
    ).run(TENANT, JSON.stringify(Array.from({ length: patients + 1 }, (_, i) => i)))
    db.close()
    const tokens: string[] = []
    for (let index = 0; index <= patients; index += 1) {
      tokens.push(await signIn(base, `carga-${String(index)}@hospital-central.es`))
    }
    const writer = tokens.pop() ?? ''
    // Warm up: code paths and pools exist before the baseline.
    const warm = await openStream(base, writer)
    await pause(300)
    warm.close()
    await pause(1500)
    const before = processFigures(child.pid ?? 0)
    for (let index = 0; index < count; index += 1) {
      const opened = await openStream(base, tokens[Math.floor(index / STREAMS_PER_SESSION)] ?? '')
      if (opened.status !== 200)
        throw new Error(`Stream ${String(index)}: ${String(opened.status)}`)
      streams.push(opened)
    }
    await pause(2000)
    const after = processFigures(child.pid ?? 0)

    const past = await Promise.all(
      Array.from({ length: PAST_CAP }, async (_, index) => {
        const opened = await openStream(base, tokens[index % tokens.length] ?? '')
        opened.close()
        return opened.status
      }),
    )
    const health = await Promise.all(
      Array.from({ length: PROBES }, () => fetch(`${base}/api/health`).then((r) => r.status)),
    )
    const writes = await Promise.all(
      Array.from({ length: PROBES }, (_, index) =>
        fetch(`${base}/api/asistencias`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${writer}` },
          body: JSON.stringify({ id: randomUUID(), motivo: `Prueba ${String(index)}` }),
        }).then((r) => r.status),
      ),
    )
    const count503 = past.filter((status) => status === 503).length
    return {
      streams: count,
      rssBeforeMb: Math.round(before.rssMb * 10) / 10,
      rssAfterMb: Math.round(after.rssMb * 10) / 10,
      mbPer1000Streams: Math.round(((after.rssMb - before.rssMb) / count) * 1000 * 10) / 10,
      fdsPerStream: Math.round(((after.fds - before.fds) / count) * 100) / 100,
      pastCapTried: PAST_CAP,
      pastCap503: count503,
      healthOk: health.filter((status) => status === 200).length,
      healthTried: PROBES,
      writesAnswered: writes.filter((status) => status === 201 || status === 409).length,
      writesTried: PROBES,
      writeStatuses: [...new Set(writes)].join(','),
    }
  } finally {
    for (const stream of streams) stream.close()
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  const dist = createMinimalDist()
  try {
    const rows = []
    for (const count of COUNTS) {
      console.log(`… ${String(count)} streams on one instance (SQLite)`)
      rows.push(await measure(count, dist.dir))
    }
    console.table(rows)
    mkdirSync(dirname(RESULTS_FILE), { recursive: true })
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 2)}\n`,
    )
  } finally {
    dist.remove()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
