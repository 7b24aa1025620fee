// Growth benchmark (`npm run bench:growth`; `-- --quick` for a short run, `-- --only=storms` for one
// part), on SQLite and on a throwaway PostgreSQL (`server/testing/postgres-cluster.ts`):
//   1. Screens' calls: for N requests (1k, 10k, 100k; quick: 1k, 10k) in one hospital and spread
//      over twenty, seeded through the app's own tables (migrated by the app, rows inserted in
//      batches), the p50/p95 of the professional's queue, a waiting patient's request (with its
//      estimate), the board's figures, and a page of the accounts panel among 25,000 accounts
//      (quick: 5,000), plus a search. Measured in process (`inject`): the server's own cost.
//   2. Reconnect storm: a real server process, a log of 600,000 events (quick: 100,000), 300
//      streams resuming at once with `Last-Event-ID`; the longest `/api/health` answer meanwhile.
//   3. Presence storm: 1,000 and 3,000 professionals' queue streams (quick: 300, 1,000) opening at
//      once; the time until every stream has an event written after the last one opened (settled)
//      and the server's resident memory before and after.
//   4. Shedding: with the instance's stream cap set to 4,000, 5,000 streams open at once while
//      health is pinged and requests are written: how many streams were held and how many got
//      `503`, and whether every health check and write was answered.
// Writes bench/results/growth.json and prints the tables. Bounded: every process has a lifetime.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createParser } from 'eventsource-parser'
import { EVENTOS } from '../src/contract/care.js'
import { buildApp } from '../server/app.js'
import { createTokenService } from '../server/auth/tokens.js'
import { openDatabase } from '../server/database/open.js'
import type { AppDatabase } from '../server/database/schema.js'
import { createMinimalDist, startApiInstance } from '../server/testing/api-instances.js'
import { startPostgresCluster } from '../server/testing/postgres-cluster.js'

const QUICK = process.argv.includes('--quick')
/** `-- --only=storms` (or `screens`, `accounts`) runs one part. */
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
const runs = (part: 'screens' | 'accounts' | 'storms') => ONLY === undefined || ONLY === part
const RESULTS_FILE = fileURLToPath(new URL('./results/growth.json', import.meta.url))
const TENANT = 'hospital-central'
const SECRET = 'bench-growth-secret-'.padEnd(40, 'x')
const SIZES = QUICK ? [1_000, 10_000] : [1_000, 10_000, 100_000]
const HOSPITALS = [1, 20]
const ACCOUNTS = QUICK ? 5_000 : 25_000
const LOG_EVENTS = QUICK ? 100_000 : 600_000
const RESUMES = 300
const PRESENCE_STREAMS = QUICK ? [300, 1_000] : [1_000, 3_000]
const SHED_STREAMS = 5_000
const STREAM_CAP = 4_000
/** Writes made while the streams past the cap are refused. */
const SHED_WRITES = 20
const SAMPLES = QUICK ? 20 : 40
const BATCH = 500
const MINUTE = 60_000

type Engine = 'sqlite' | 'postgres'
interface Target {
  engine: Engine
  /** Options for buildApp and the environment of a server process. */
  newDatabase(): Promise<{ open(): AppDatabase; env: Record<string, string>; remove(): void }>
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const round = (value: number) => Math.round(value * 10) / 10

function percentile(sorted: readonly number[], p: number): number {
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN)
}

const tokens = createTokenService({ secret: SECRET, ttlSeconds: 3600 })

async function tokenOf(db: AppDatabase, email: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'rol', 'tenant'])
    .where('email', '=', email)
    .where('tenant', '=', TENANT)
    .executeTakeFirstOrThrow()
  // A fresh database: no session of the account or its hospital has been ended yet.
  return tokens.issue({ sub: String(user.id), tenant: user.tenant, rol: user.rol, gen: 0 })
}

async function insertInBatches<Row extends object>(
  db: AppDatabase,
  table: 'asistencias' | 'users' | 'eventos' | 'hospitals',
  rows: Iterable<Row>,
) {
  let batch: Row[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const values = batch
    batch = []
    // The table's own columns: the rows are built to match the migrations.
    await db
      .insertInto(table)
      .values(values as never)
      .execute()
  }
  for (const row of rows) {
    batch.push(row)
    if (batch.length === BATCH) await flush()
  }
  await flush()
}

/** N requests over `hospitals` hospitals, a month of history; the last 30 of each are waiting. */
async function seedRequests(db: AppDatabase, size: number, hospitals: number, nowMs: number) {
  const tenants = [TENANT, ...Array.from({ length: hospitals - 1 }, (_, i) => `bench-${String(i)}`)]
  await insertInBatches(
    db,
    'hospitals',
    tenants.slice(1).map((tenant) => ({
      tenant,
      nombre: `Centro ${tenant}`,
      color_primario: '#0b5cad',
      color_secundario: '#ffffff',
      imagen: '',
    })),
  )
  const patients = new Map<string, number>()
  for (const tenant of tenants) {
    const email = `paciente@${tenant}.bench`
    await insertInBatches(db, 'users', [
      { email, password_hash: '!', nombre: 'Paciente', rol: 'cliente', tenant },
    ])
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    patients.set(tenant, id)
  }
  const span = 30 * 24 * 60 * MINUTE
  const waitingFrom = size - 30 * hospitals
  function* rows() {
    for (let index = 0; index < size; index += 1) {
      const tenant = tenants[index % hospitals] ?? TENANT
      const created = nowMs - span + Math.floor((index / size) * span) - MINUTE
      const waiting = index >= waitingFrom
      const attended = created + (1 + (index % 30)) * MINUTE
      yield {
        id: randomUUID(),
        tenant,
        estado: waiting ? 'en_espera' : 'finalizada',
        origen: 'paciente',
        motivo: 'Consulta sembrada',
        paciente_id: patients.get(tenant) ?? 0,
        creada_en: new Date(created).toISOString(),
        atendida_en: waiting ? null : new Date(attended).toISOString(),
        cerrada_en: waiting ? null : new Date(attended + 10 * MINUTE).toISOString(),
        caduca_en: new Date(waiting ? nowMs + 60 * MINUTE : created + 30 * MINUTE).toISOString(),
        puntuacion: waiting ? null : 1 + (index % 5),
      }
    }
  }
  await insertInBatches(db, 'asistencias', rows())
}

async function timeCall(call: () => Promise<{ statusCode: number }>): Promise<[number, number]> {
  for (let warm = 0; warm < 3; warm += 1) await call()
  const samples: number[] = []
  for (let index = 0; index < SAMPLES; index += 1) {
    const started = performance.now()
    const response = await call()
    samples.push(performance.now() - started)
    if (response.statusCode !== 200)
      throw new Error(`A timed call answered ${String(response.statusCode)}`)
  }
  samples.sort((a, b) => a - b)
  return [percentile(samples, 50), percentile(samples, 95)]
}

async function measureScreens(target: Target, distDir: string) {
  const results: Record<string, unknown>[] = []
  for (const size of SIZES) {
    for (const hospitals of HOSPITALS) {
      const database = await target.newDatabase()
      const db = database.open()
      const nowMs = Date.now()
      const app = await buildApp({
        database: db,
        distDir,
        tokenSecret: SECRET,
        careSweepIntervalMs: 0,
      })
      try {
        await seedRequests(db, size, hospitals, nowMs)
        const professional = await tokenOf(db, 'profesional@hospital-central.es')
        const admin = await tokenOf(db, 'admin@hospital-central.es')
        const patient = await tokenOf(db, 'demo@hospital-central.es')
        const waiting = randomUUID()
        const demo = await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'demo@hospital-central.es')
          .executeTakeFirstOrThrow()
        await insertInBatches(db, 'asistencias', [
          {
            id: waiting,
            tenant: TENANT,
            estado: 'en_espera',
            origen: 'paciente',
            motivo: 'Esperando',
            paciente_id: demo.id,
            creada_en: new Date(nowMs).toISOString(),
            caduca_en: new Date(nowMs + 60 * MINUTE).toISOString(),
          },
        ])
        const get = (url: string, token: string) => () =>
          app.inject({ url, headers: { 'x-authorization': `Bearer ${token}` } })
        const [queueP50, queueP95] = await timeCall(get('/api/asistencias', professional))
        const [ownP50, ownP95] = await timeCall(get(`/api/asistencias/${waiting}`, patient))
        const [boardP50, boardP95] = await timeCall(get('/api/asistencias/estadisticas', admin))
        results.push({
          engine: target.engine,
          requests: size,
          hospitals,
          'queue p50': queueP50,
          'queue p95': queueP95,
          'waiting request p50': ownP50,
          'waiting request p95': ownP95,
          'board p50': boardP50,
          'board p95': boardP95,
        })
        console.log(`  ${target.engine} ${String(size)} × ${String(hospitals)} done`)
      } finally {
        await app.close()
        await db.destroy()
        database.remove()
      }
    }
  }
  return results
}

async function measureAccounts(target: Target, distDir: string) {
  const database = await target.newDatabase()
  const db = database.open()
  const app = await buildApp({ database: db, distDir, tokenSecret: SECRET, careSweepIntervalMs: 0 })
  try {
    await insertInBatches(
      db,
      'users',
      Array.from({ length: ACCOUNTS }, (_, index) => ({
        email: `p${String(index).padStart(6, '0')}@pacientes.bench`,
        password_hash: '!',
        nombre: `Paciente ${String(index)}`,
        rol: 'cliente',
        tenant: TENANT,
      })),
    )
    const admin = await tokenOf(db, 'admin@hospital-central.es')
    const get = (url: string) => () =>
      app.inject({ url, headers: { 'x-authorization': `Bearer ${admin}` } })
    const base = `/api/admin/hospitales/${TENANT}/cuentas`
    const first = await app.inject({ url: base, headers: { 'x-authorization': `Bearer ${admin}` } })
    const firstPage = first.json<{ id: number }[]>()
    const middle =
      (
        await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'p012000@pacientes.bench')
          .executeTakeFirst()
      )?.id ?? firstPage.at(-1)?.id
    const [pageP50, pageP95] = await timeCall(get(base))
    const [laterP50, laterP95] = await timeCall(get(`${base}?despues=${String(middle)}`))
    const [searchP50, searchP95] = await timeCall(get(`${base}?buscar=paciente%201234`))
    return {
      engine: target.engine,
      accounts: ACCOUNTS,
      'first page bytes': first.rawPayload.length,
      'first page p50': pageP50,
      'first page p95': pageP95,
      'later page p50': laterP50,
      'later page p95': laterP95,
      'search p50': searchP50,
      'search p95': searchP95,
    }
  } finally {
    await app.close()
    await db.destroy()
    database.remove()
  }
}

interface Stream {
  status: number
  events: number
  seen: Set<string>
  close(): void
}

async function openStream(
  base: string,
  token: string,
  query: string,
  lastEventId?: number,
): Promise<Stream> {
  const controller = new AbortController()
  let response: Response
  try {
    response = await fetch(`${base}/api/eventos${query}`, {
      headers: {
        'x-authorization': `Bearer ${token}`,
        ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
      },
      signal: controller.signal,
    })
  } catch {
    // Refused at the socket (a full accept queue resets it): counted, as a client would retry.
    return { status: 0, events: 0, seen: new Set(), close: () => undefined }
  }
  const stream: Stream = {
    status: response.status,
    events: 0,
    seen: new Set(),
    close: () => {
      controller.abort()
    },
  }
  if (!response.body) return stream
  const parser = createParser({
    onEvent: (event) => {
      stream.events += 1
      if (event.event === EVENTOS.asistencia)
        stream.seen.add((JSON.parse(event.data) as { id: string }).id)
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
      // Aborted.
    }
  })()
  return stream
}

function residentMb(url: string): number {
  const port = new URL(url).port
  const listing = execFileSync('ss', ['-Htlnp', `sport = :${port}`], { encoding: 'utf8' })
  const pid = /pid=(\d+)/.exec(listing)?.[1]
  if (pid === undefined) throw new Error(`No process found on port ${port}`)
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  return kb / 1024
}

/** Writes a request as the demo patient; resolves to its id. */
async function writeRequest(base: string, patientToken: string): Promise<string> {
  const id = randomUUID()
  const response = await fetch(`${base}/api/asistencias`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${patientToken}` },
    body: JSON.stringify({ id, motivo: 'Señal del banco de pruebas' }),
  })
  if (response.status !== 201) throw new Error(`Write refused: ${String(response.status)}`)
  return id
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs
  while (!condition()) {
    if (performance.now() > deadline) return false
    await pause(5)
  }
  return true
}

async function measureStorms(target: Target, distDir: string) {
  const database = await target.newDatabase()
  const db = database.open()
  // The app migrates and seeds the demo hospitals, then the log and the professionals are added.
  await (
    await buildApp({ database: db, distDir, tokenSecret: SECRET, careSweepIntervalMs: 0 })
  ).close()
  const nowIso = new Date().toISOString()
  function* events() {
    for (let index = 0; index < LOG_EVENTS; index += 1) {
      yield {
        tenant: TENANT,
        tipo: EVENTOS.asistencia,
        asistencia_id: null,
        ref: null,
        creado_en: nowIso,
      }
    }
  }
  await insertInBatches(db, 'eventos', events())
  const most = Math.max(...PRESENCE_STREAMS)
  await insertInBatches(
    db,
    'users',
    Array.from({ length: most }, (_, index) => ({
      email: `pro${String(index)}@profesionales.bench`,
      password_hash: '!',
      nombre: `Profesional ${String(index)}`,
      rol: 'profesional',
      tenant: TENANT,
    })),
  )
  const professionals = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', '%@profesionales.bench')
    .orderBy('id')
    .execute()
  const professionalTokens = await Promise.all(
    professionals.map((row) =>
      tokens.issue({ sub: String(row.id), tenant: TENANT, rol: 'profesional', gen: 0 }),
    ),
  )
  const patient = await tokenOf(db, 'demo@hospital-central.es')
  const { id: newest } = await db
    .selectFrom('eventos')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  await db.destroy()

  const instance = await startApiInstance({
    host: '127.0.0.5',
    // Every stream of the bench comes from its one address (as through a balancer without
    // the client's address): the per-address cap would refuse all but its first few hundred.
    env: {
      ...database.env,
      DIST_DIR: distDir,
      TOKEN_SECRET: SECRET,
      DEMO_MODE: '1',
      LIVE_STREAMS_PER_ADDRESS: '1000000',
      LIVE_STREAMS_MAX: String(STREAM_CAP),
      // The bench's one patient writes a request per storm and many while shedding.
      MAX_OPEN_REQUESTS: '1000',
    },
    lifetimeSeconds: 600,
  })
  const result: Record<string, unknown> = { engine: target.engine, 'log events': LOG_EVENTS }
  try {
    // Reconnect storm: every stream resumes 10 events back, while health is pinged.
    let longestPing = 0
    const ping = { isActive: true }
    const pinger = (async () => {
      while (ping.isActive) {
        const started = performance.now()
        await fetch(`${instance.url}/api/health`).then((response) => response.arrayBuffer())
        longestPing = Math.max(longestPing, performance.now() - started)
        await pause(10)
      }
    })()
    const started = performance.now()
    // Each stream is one professional's: an account holds a few streams at most.
    const resumed = await Promise.all(
      professionalTokens
        .slice(0, RESUMES)
        .map((token) => openStream(instance.url, token, '', newest - 10)),
    )
    const signal = await writeRequest(instance.url, patient)
    const caughtUp = await waitUntil(
      () => resumed.every((stream) => stream.seen.has(signal)),
      120_000,
    )
    result.resumes = RESUMES
    result['resumes settled (ms)'] = caughtUp ? Math.round(performance.now() - started) : 'timeout'
    ping.isActive = false
    await pinger
    result['longest health ping (ms)'] = Math.round(longestPing)
    for (const stream of resumed) stream.close()
    await pause(1000)

    // Presence storms: every professional's queue opens at once.
    for (const count of PRESENCE_STREAMS) {
      const before = residentMb(instance.url)
      const opened = performance.now()
      const streams = await Promise.all(
        professionalTokens
          .slice(0, count)
          .map((token) => openStream(instance.url, token, '?cola=1')),
      )
      const refused = streams.filter((stream) => stream.status !== 200).length
      const id = await writeRequest(instance.url, patient)
      const settled = await waitUntil(
        () => streams.every((stream) => stream.status !== 200 || stream.seen.has(id)),
        120_000,
      )
      const elapsed = performance.now() - opened
      result[`${String(count)} queues: settled (ms)`] = settled ? Math.round(elapsed) : 'timeout'
      result[`${String(count)} queues: refused`] = refused
      result[`${String(count)} queues: RSS delta (MB)`] = round(residentMb(instance.url) - before)
      for (const stream of streams) stream.close()
      await pause(2000)
    }

    // Shedding: streams past the cap are refused while health checks and writes go on.
    const health = { answered: 0, failed: 0, longest: 0, isActive: true }
    const checker = (async () => {
      while (health.isActive) {
        const started = performance.now()
        const ok = await fetch(`${instance.url}/api/health`)
          .then((response) => response.ok)
          .catch(() => false)
        health.longest = Math.max(health.longest, performance.now() - started)
        if (ok) health.answered += 1
        else health.failed += 1
        await pause(10)
      }
    })()
    const flood = Promise.all(
      Array.from({ length: SHED_STREAMS }, (_, index) =>
        openStream(instance.url, professionalTokens[index % professionalTokens.length] ?? '', ''),
      ),
    )
    const writes = await Promise.all(
      Array.from({ length: SHED_WRITES }, () =>
        writeRequest(instance.url, patient).then(
          () => 'ok',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
      ),
    )
    const shed = await flood
    health.isActive = false
    await checker
    result[`${String(SHED_STREAMS)} streams, cap ${String(STREAM_CAP)}: held`] = shed.filter(
      (stream) => stream.status === 200,
    ).length
    result['… refused with 503'] = shed.filter((stream) => stream.status === 503).length
    result['… other answers'] = shed.filter(
      (stream) => stream.status !== 200 && stream.status !== 503,
    ).length
    result['… health answered / failed'] = `${String(health.answered)} / ${String(health.failed)}`
    result['… longest health (ms)'] = Math.round(health.longest)
    const written = writes.filter((outcome) => outcome === 'ok').length
    result['… writes answered'] = `${String(written)} / ${String(SHED_WRITES)}`
    if (written < SHED_WRITES) console.error('writes while shedding:', writes)
    for (const stream of shed) stream.close()
  } finally {
    await instance.stop()
    database.remove()
  }
  return result
}

async function main() {
  const dist = createMinimalDist()
  const cluster = await startPostgresCluster({ lifetimeSeconds: 1800 })
  const scratch = mkdtempSync(join(tmpdir(), 'clinica-growth-'))
  const targets: Target[] = [
    {
      engine: 'sqlite',
      newDatabase: () => {
        const path = join(scratch, `${randomUUID()}.sqlite`)
        return Promise.resolve({
          open: () => openDatabase({ engine: 'sqlite', path }),
          env: { DB_PATH: path },
          remove: () => {
            rmSync(path, { force: true })
            rmSync(`${path}-wal`, { force: true })
            rmSync(`${path}-shm`, { force: true })
          },
        })
      },
    },
    {
      engine: 'postgres',
      newDatabase: async () => {
        const url = await cluster.createDatabase()
        return {
          open: () => openDatabase({ engine: 'postgres', url }),
          env: { DATABASE_URL: url },
          remove: () => undefined,
        }
      },
    },
  ]
  const started = performance.now()
  try {
    const screens: Record<string, unknown>[] = []
    const accounts: Record<string, unknown>[] = []
    const storms: Record<string, unknown>[] = []
    // Written after every part: a part that fails (a server that cannot start on a machine too
    // busy) is recorded as such, and what was measured before it is kept.
    const save = () => {
      mkdirSync(dirname(RESULTS_FILE), { recursive: true })
      writeFileSync(
        RESULTS_FILE,
        `${JSON.stringify({ date: new Date().toISOString(), quick: QUICK, seconds: Math.round((performance.now() - started) / 1000), screens, accounts, storms }, null, 2)}\n`,
      )
    }
    const failed = (engine: Engine, error: unknown) => {
      console.error(error)
      process.exitCode = 1
      return {
        engine,
        error: error instanceof Error ? error.message.split('\n')[0] : String(error),
      }
    }
    for (const target of targets) {
      if (runs('screens')) {
        console.log(`… ${target.engine}: screens' calls`)
        screens.push(...(await measureScreens(target, dist.dir)))
        save()
      }
      if (runs('accounts')) {
        console.log(`… ${target.engine}: accounts panel`)
        accounts.push(
          await measureAccounts(target, dist.dir).catch((error: unknown) =>
            failed(target.engine, error),
          ),
        )
        save()
      }
      if (runs('storms')) {
        console.log(`… ${target.engine}: storms`)
        storms.push(
          await measureStorms(target, dist.dir).catch((error: unknown) =>
            failed(target.engine, error),
          ),
        )
        save()
      }
    }
    console.table(screens)
    console.table(accounts)
    console.table(storms)
  } finally {
    await cluster.stop()
    dist.remove()
    rmSync(scratch, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
