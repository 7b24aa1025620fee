/**
 * First-visit benchmark (`npm run bench`): what a person sees on a phone, measured in a real
 * Chromium for this app and for two plain React PWAs, all served by this project's server,
 * interleaved run by run so a busy moment of the machine weighs on all alike. The plain PWAs:
 * `bench/baseline/` loads its sign-in route on demand (a chunk more before the form);
 * `bench/baseline-static/` imports it with the app, with vite-plugin-pwa's `generateSW` defaults.
 *
 * Profiles: a throttled phone (150 ms round trip, 1.6 Mbps down, CPU 4× slower, through CDP) and
 * the unthrottled machine. Visits: cold (fresh profile), warm (worker in control, new tab) and
 * offline. Per visit: first contentful paint (the first frame with content, which is what a person
 * sees; an empty coloured frame is not), first frame in the hospital's colours, logo shown,
 * largest contentful paint, sign-in button enabled (drawn, enabled and its press handled),
 * sequential round trips before that, layout shift, the requests a visit makes (and how many the
 * worker answered), and the JS bytes a cold visit loads until idle (gzip and brotli). Medians with
 * min–max and the ratio to each plain PWA; the machine's load average is printed with them. Then
 * the app's targets (bench/targets.ts), each met or missed: the command fails when one is missed,
 * which on a busy machine can be noise: run it again before believing it.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config'
import { verdicts } from './targets'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const TENANT = process.env.BENCH_TENANT ?? 'hospital-central'

interface Profile {
  name: string
  /** CDP Network.emulateNetworkConditions, or null for the machine's own speed. */
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null
  cpuSlowdown: number
}

const PROFILES: Profile[] = [
  {
    name: 'phone',
    network: {
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    },
    cpuSlowdown: 4,
  },
  { name: 'unthrottled', network: null, cpuSlowdown: 1 },
]

type VisitKind = 'cold' | 'warm' | 'offline'
const VISITS: VisitKind[] = ['cold', 'warm', 'offline']

/** Everything is milliseconds from navigation start; null when it never happened. */
interface VisitFigures {
  firstContentfulPaint: number | null
  /** First frame whose visible header has the hospital's primary colour. */
  hospitalColours: number | null
  /** True when the first frame with content was already in the hospital's colours. */
  isBrandedAtFirstPaint: boolean
  logoShown: number | null
  largestContentfulPaint: number | null
  signInEnabled: number | null
  /** The HTML, then each request that had to wait for an earlier one (see countRoundTrips). */
  roundTrips: number | null
  /** Cumulative layout shift until the measure ends. */
  layoutShift: number
  /** Requests the visit made until the measure ended, the document's included. */
  requests: number
  /** Of those, the ones the service worker answered. */
  requestsAnsweredByWorker: number
}

// Runs before any page script: every animation frame, what a person would see of the header,
// the logo and the sign-in button; and the largest contentful paint.
// "Enabled" means a press would sign in: the button is drawn, not disabled, and something
// listens for the form's submission (the app's handler, or the shell's keeper of early presses).
const PAGE_PROBE = `
  window.__probe = { frames: [], lcp: null, listensForSubmit: false, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__probe.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const addEventListener = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (type === 'submit') window.__probe.listensForSubmit = true;
    return addEventListener.call(this, type, ...rest);
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__probe.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const probe = () => {
    const header = [...document.querySelectorAll('.app-header')].find((el) => el.getClientRects().length > 0);
    const logo = document.querySelector('.tenant-logo');
    const button = [...document.querySelectorAll('button[type="submit"]')].find((el) => /Entrar/.test(el.textContent));
    window.__probe.frames.push({
      t: performance.now(),
      header: header ? getComputedStyle(header).backgroundColor : null,
      logo: Boolean(logo && logo.complete && logo.naturalWidth > 0 && logo.getClientRects().length > 0),
      enabled: Boolean(button && !button.disabled && window.__probe.listensForSubmit),
    });
    if (!window.__probe.frames.some((frame) => frame.enabled) || window.__probe.frames.length < 30) {
      if (window.__probe.frames.length < 2000) requestAnimationFrame(probe);
    }
  };
  requestAnimationFrame(probe);
`

interface ProbeResult {
  frames: { t: number; header: string | null; logo: boolean; enabled: boolean }[]
  lcp: number | null
  fcp: number | null
  resources: { url: string; startTime: number }[]
  /** Cumulative layout shift, shifts after an input excluded (as the metric defines it). */
  cls: number
}

/** What the page reports: its frames, LCP, FCP, and the code and styles it had asked for. */
function readProbe(): ProbeResult {
  const probe = (window as unknown as { __probe: Omit<ProbeResult, 'fcp' | 'resources'> }).__probe
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null
  const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    // Code and styles only: the manifest, icons and logo never hold the sign-in button back.
    .filter((entry) => /\.(?:js|css)$/.test(new URL(entry.name).pathname))
    .map((entry) => ({ url: entry.name, startTime: entry.startTime }))
  return { ...probe, fcp, resources }
}

/**
 * Sequential round trips before `until`: the longest chain of requests each of which could only
 * start once an earlier one had arrived. The HTML is 1; what its parser asks for is 2 (however
 * late the parser reaches its tag: through a worker that answers at once, requests found in the
 * same document follow one another without depending on each other); what a script asks for is
 * one more than that script (a dynamic import, a chunk the entry loads).
 */
type Initiator = { by: 'document' } | { by: 'script'; url: string | null }

function countRoundTrips(
  resources: ProbeResult['resources'],
  until: number | null,
  initiators: ReadonlyMap<string, Initiator>,
): number | null {
  if (until === null) return null
  const depth = (url: string, seen: Set<string>): number => {
    const initiator = initiators.get(url)
    if (initiator === undefined || initiator.by === 'document' || seen.has(url)) return 2
    seen.add(url)
    // A script the stack does not name (the module loader's own request) ran after the HTML.
    return initiator.url === null ? 3 : depth(initiator.url, seen) + 1
  }
  const before = resources.filter((entry) => entry.startTime <= until)
  return Math.max(1, ...before.map((entry) => depth(entry.url, new Set())))
}

function toHex(rgb: string): string {
  const channels = rgb.match(/\d+/g)?.slice(0, 3).map(Number) ?? []
  return `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`
}

async function measureVisit(
  context: BrowserContext,
  url: string,
  hospitalPrimary: string,
  profile: Profile,
): Promise<VisitFigures> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown })
  await cdp.send('Network.enable')
  if (profile.network) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network })
  }
  // Who asked for each request: the document (its parser, a preload link) or a script.
  const initiators = new Map<string, Initiator>()
  let requests = 0
  let requestsAnsweredByWorker = 0
  cdp.on('Network.responseReceived', ({ response }) => {
    if (response.fromServiceWorker) requestsAnsweredByWorker += 1
  })
  cdp.on('Network.requestWillBeSent', ({ request, initiator, type }) => {
    requests += 1
    if (type === 'Document') return
    if (initiator.type !== 'script') {
      initiators.set(request.url, { by: 'document' })
      return
    }
    const script = initiator.stack?.callFrames.find((frame) => frame.url.startsWith('http'))?.url
    initiators.set(request.url, { by: 'script', url: script ?? null })
  })
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
  await page
    .waitForFunction(
      () => (window as unknown as { __probe: ProbeResult }).__probe.frames.some((f) => f.enabled),
      null,
      { timeout: 30_000 },
    )
    .catch(() => undefined)
  // Lets the logo and LCP settle.
  await page.waitForTimeout(500)
  const result = await page.evaluate(readProbe)
  await page.close()
  const visible = result.frames.filter((frame) => frame.header !== null)
  const branded = visible.find((frame) => toHex(frame.header ?? '') === hospitalPrimary)
  const { fcp } = result
  // The frame on screen when content first painted (the probe samples once a frame).
  const firstWithContent = fcp === null ? undefined : visible.find((frame) => frame.t >= fcp)
  return {
    firstContentfulPaint: result.fcp,
    hospitalColours: branded?.t ?? null,
    isBrandedAtFirstPaint:
      firstWithContent !== undefined && toHex(firstWithContent.header ?? '') === hospitalPrimary,
    logoShown: result.frames.find((frame) => frame.logo)?.t ?? null,
    largestContentfulPaint: result.lcp,
    signInEnabled: result.frames.find((frame) => frame.enabled)?.t ?? null,
    layoutShift: result.cls,
    requests,
    requestsAnsweredByWorker,
    roundTrips: countRoundTrips(
      result.resources,
      result.frames.find((frame) => frame.enabled)?.t ?? null,
      initiators,
    ),
  }
}

interface JsBytes {
  gzip: number
  brotli: number
}

/** The JS a cold visit to the sign-in URL loads, compressed as a server would send it. */
async function measureColdJs(browser: Browser, url: string): Promise<JsBytes> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  const bodies: Promise<Buffer>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body())
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await context.close()
  const scripts = await Promise.all(bodies)
  return {
    gzip: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    brotli: scripts.reduce(
      (sum, body) =>
        sum +
        brotliCompressSync(body, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
        }).length,
      0,
    ),
  }
}

async function waitForController(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload()
  }
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller))
}

type Raw = Record<string, Record<VisitKind, VisitFigures[]>>

/** One cold, one warm and one offline visit in a fresh profile, for one network profile. */
async function measureRun(browser: Browser, app: ServedApp, profile: Profile, raw: Raw) {
  const context = await browser.newContext()
  await context.addInitScript(PAGE_PROBE)
  const figures = (raw[profile.name] ??= { cold: [], warm: [], offline: [] })
  figures.cold.push(await measureVisit(context, app.url, app.hospitalPrimary, profile))
  // The worker takes control, and the branding and logo reach its caches, at full speed.
  const page = await context.newPage()
  await page.goto(app.url)
  await waitForController(page)
  await page.waitForTimeout(500)
  await page.close()
  figures.warm.push(await measureVisit(context, app.url, app.hospitalPrimary, profile))
  await context.setOffline(true)
  figures.offline.push(await measureVisit(context, app.url, app.hospitalPrimary, profile))
  await context.close()
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        if (typeof address === 'object' && address) resolve(address.port)
        else reject(new Error('No port'))
      })
    })
  })
}

async function waitForServer(url: string) {
  // A minute: on a busy machine the server takes its time to start.
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Server did not start: ${url}`)
}

const BASELINE_MANIFEST = {
  name: 'Clínica (referencia)',
  short_name: 'Clínica',
  lang: 'es',
  icons: [],
}

/** A plain PWA the app is measured beside: where its code is, how its worker is made. */
interface Baseline {
  name: string
  root: string
  distDir: string
  pwa: Parameters<typeof VitePWA>[0]
}

const BASELINES: Baseline[] = [
  {
    name: 'plain PWA, lazy sign-in',
    root: resolve('bench/baseline'),
    distDir: resolve('build/bench-baseline'),
    pwa: {
      registerType: 'autoUpdate',
      manifest: BASELINE_MANIFEST,
      workbox: {
        globPatterns: ['**/*.{js,css,html}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
      },
    },
  },
  {
    name: 'plain PWA, static sign-in',
    root: resolve('bench/baseline-static'),
    distDir: resolve('build/bench-baseline-static'),
    // `generateSW` as it comes: only the manifest is the app's own.
    pwa: { manifest: BASELINE_MANIFEST },
  },
]

/** Builds a plain PWA with its own config: none of this app's aliases or plugins apply. */
async function buildBaseline(baseline: Baseline) {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: baseline.root,
    build: { outDir: baseline.distDir, emptyOutDir: true, target: 'es2022' },
    plugins: [react(), VitePWA(baseline.pwa)],
  })
}

interface ServedApp {
  url: string
  hospitalPrimary: string
  stop: () => void
}

/** Serves `distDir` with the reference API on a free port, with a fresh database. */
async function serveApp(distDir: string): Promise<ServedApp> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'clinica-bench-'))
  const server = spawn('node', ['build/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DB_PATH: join(dataDir, 'bench.sqlite'),
      DIST_DIR: distDir,
    },
    stdio: 'ignore',
  })
  const stop = () => {
    server.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const origin = `http://127.0.0.1:${port}`
    await waitForServer(`${origin}/api/health`)
    const answer = await fetch(`${origin}/api/hospitales?tenant=${TENANT}`)
    const record = ((await answer.json()) as { color_primario: string }[])[0]
    if (!record) throw new Error(`Unknown tenant ${TENANT}`)
    return {
      url: `${origin}/${TENANT}/login`,
      hospitalPrimary: record.color_primario.toLowerCase(),
      stop,
    }
  } catch (error) {
    stop()
    throw error
  }
}

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const METRICS: {
  key: Exclude<keyof VisitFigures, 'isBrandedAtFirstPaint' | 'layoutShift'>
  label: string
}[] = [
  { key: 'firstContentfulPaint', label: 'first paint (content)' },
  { key: 'hospitalColours', label: "first paint in hospital's colours" },
  { key: 'logoShown', label: 'logo shown' },
  { key: 'largestContentfulPaint', label: 'LCP' },
  { key: 'signInEnabled', label: 'sign-in button enabled' },
  { key: 'roundTrips', label: 'sequential round trips' },
  { key: 'requests', label: 'requests (the document included)' },
]

function cell(values: (number | null)[], runs: number): { text: string; median: number | null } {
  const present = values.filter((value): value is number => value !== null)
  const middle = median(present)
  if (middle === null) return { text: `never (0/${String(runs)})`, median: null }
  const missing = runs - present.length
  const range = `${Math.min(...present).toFixed(0)}–${Math.max(...present).toFixed(0)}`
  return {
    text: `${middle.toFixed(0)} (${range})${missing > 0 ? ` ${String(missing)} never` : ''}`,
    median: middle,
  }
}

interface Measured {
  name: string
  raw: Raw
  js: JsBytes
}

function printTable(app: Measured, baselines: readonly Measured[]) {
  const header = [
    '| profile | visit | measure | this app, median (min–max) |',
    ...baselines.map((baseline) => ` ${baseline.name} | ratio |`),
  ].join('')
  const lines = [header, `|---|---|---|---|${baselines.map(() => '---|---|').join('')}`]
  const row = (label: string, cells: string[]) => lines.push(`| ${label} | ${cells.join(' | ')} |`)
  for (const profile of PROFILES) {
    for (const visit of VISITS) {
      const figuresOf = (measured: Measured) => measured.raw[profile.name]?.[visit] ?? []
      const ours = figuresOf(app)
      const where = `${profile.name} | ${visit}`
      for (const { key, label } of METRICS) {
        const our = cell(
          ours.map((figures) => figures[key]),
          ours.length,
        )
        row(`${where} | ${label}`, [
          our.text,
          ...baselines.flatMap((baseline) => {
            const theirs = figuresOf(baseline)
            const their = cell(
              theirs.map((figures) => figures[key]),
              theirs.length,
            )
            const ratio =
              our.median !== null && their.median !== null && their.median > 0
                ? `${(our.median / their.median).toFixed(2)}×`
                : 'n/a'
            return [their.text, ratio]
          }),
        ])
      }
      const branded = (figures: VisitFigures[]) =>
        `${String(figures.filter((f) => f.isBrandedAtFirstPaint).length)}/${String(figures.length)}`
      const worstShift = (figures: VisitFigures[]) =>
        Math.max(0, ...figures.map((f) => f.layoutShift)).toFixed(3)
      const worker = (figures: VisitFigures[]) =>
        cell(
          figures.map((f) => f.requestsAnsweredByWorker),
          figures.length,
        ).text
      for (const [label, format] of [
        ['branded at first paint (runs)', branded],
        ['CLS (largest of the runs)', worstShift],
        ['of the requests, answered by the worker', worker],
      ] as const) {
        row(`${where} | ${label}`, [
          format(ours),
          ...baselines.flatMap((baseline) => [format(figuresOf(baseline)), '']),
        ])
      }
    }
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  row(`cold | JS of /${TENANT}/login, every script until idle | gzip / brotli`, [
    `${kb(app.js.gzip)} / ${kb(app.js.brotli)}`,
    ...baselines.flatMap((baseline) => [
      `${kb(baseline.js.gzip)} / ${kb(baseline.js.brotli)}`,
      `${(app.js.gzip / baseline.js.gzip).toFixed(2)}×`,
    ]),
  ])
  console.log(`\n${lines.join('\n')}`)
  return lines.join('\n')
}

function describeLoad(): string {
  const [one, five] = loadavg()
  return `load average ${one?.toFixed(2) ?? '?'} (1 min), ${five?.toFixed(2) ?? '?'} (5 min) on ${String(cpus().length)} cores`
}

async function main() {
  const started = Date.now()
  if (
    !existsSync('dist/index.html') ||
    !existsSync('build/server/index.js') ||
    process.env.BENCH_BUILD !== '0'
  ) {
    const appBuild = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
    if (appBuild.status !== 0) throw new Error('Build failed')
  }
  for (const baseline of BASELINES) await buildBaseline(baseline)
  const loadBefore = describeLoad()

  const served: ServedApp[] = []
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  let app: Measured
  let baselines: Measured[]
  try {
    const servedApp = await serveApp(resolve('dist'))
    served.push(servedApp)
    const servedBaselines = []
    for (const baseline of BASELINES) {
      const servedBaseline = await serveApp(baseline.distDir)
      served.push(servedBaseline)
      servedBaselines.push(servedBaseline)
    }
    app = { name: 'this app', raw: {}, js: await measureColdJs(browser, servedApp.url) }
    baselines = []
    for (const [index, baseline] of BASELINES.entries()) {
      const url = servedBaselines[index]?.url ?? ''
      baselines.push({ name: baseline.name, raw: {}, js: await measureColdJs(browser, url) })
    }
    for (let run = 0; run < RUNS; run += 1) {
      for (const profile of PROFILES) {
        await measureRun(browser, servedApp, profile, app.raw)
        for (const [index, baseline] of baselines.entries()) {
          const servedBaseline = servedBaselines[index]
          if (servedBaseline) await measureRun(browser, servedBaseline, profile, baseline.raw)
        }
      }
      console.log(`run ${String(run + 1)}/${String(RUNS)} done`)
    }
  } finally {
    await browser.close()
    for (const server of served) server.stop()
  }
  const loadAfter = describeLoad()

  console.log(
    `\n/${TENANT}/login, ${String(RUNS)} interleaved runs, times in ms from navigation start.` +
      `\nMachine: ${loadBefore} before, ${loadAfter} after; ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
  )
  const table = printTable(app, baselines)
  const targets = verdicts(
    app.raw,
    Object.fromEntries(baselines.map((baseline) => [baseline.name, baseline.raw])),
  )
  console.log(
    `\nTargets (bench/targets.ts):\n${targets
      .map((v) => `  ${v.isMet ? 'met   ' : 'MISSED'} ${v.target}: ${v.measured}`)
      .join('\n')}`,
  )

  mkdirSync('bench/results', { recursive: true })
  const report = {
    date: new Date().toISOString(),
    tenant: TENANT,
    runs: RUNS,
    machine: { before: loadBefore, after: loadAfter },
    app,
    baselines,
    targets,
    table,
  }
  writeFileSync('bench/results/first-frame.json', JSON.stringify(report, null, 2))
  console.log('Written to bench/results/first-frame.json')
  // A missed target fails the command, so a script can tell; the figures above say by how much.
  if (targets.some((verdict) => !verdict.isMet)) process.exitCode = 1
}

await main()
