/**
 * First-frame benchmark (`npm run bench`): a real Chromium against the production build, the
 * median of N runs for a cold visit, a warm visit (service worker in control) and an offline
 * visit. It reports first paint, when the tenant's colours are applied, how many frames were
 * painted in the wrong colours, whether the logo shows offline, and the first-load JS in gzip
 * bytes, for this app and for a plain React PWA that fetches its branding after rendering
 * (`bench/baseline/`), served by the same reference server. A benchmark, not a test: it prints
 * and writes figures, it asserts nothing.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const TENANT = process.env.BENCH_TENANT ?? 'hospital-central'

interface VisitFigures {
  firstPaintMs: number | null
  firstContentfulPaintMs: number | null
  /** From navigation start to the first frame with the tenant's primary colour. */
  tenantColoursAtMs: number | null
  /** Frames painted with the app visible in colours other than the tenant's. */
  wrongColourFrames: number
  isLogoShown: boolean
}

// Runs before any page script: records, for every frame, the primary colour and the colour of
// the header on screen, if any.
const FRAME_PROBE = `
  window.__frames = [];
  const probe = () => {
    // The header on screen, if any: a hidden one (display: none) paints nothing.
    const header = [...document.querySelectorAll('.app-header')].find((el) => el.getClientRects().length > 0);
    window.__frames.push({
      t: performance.now(),
      primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primario').trim(),
      headerBackground: header ? getComputedStyle(header).backgroundColor : null,
    });
    if (window.__frames.length < 240) requestAnimationFrame(probe);
  };
  requestAnimationFrame(probe);
`

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
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Server did not start: ${url}`)
}

function rgbToHex(rgb: string): string {
  const channels = rgb.match(/\d+/g)?.slice(0, 3).map(Number) ?? []
  return `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`
}

async function measureVisit(page: Page, url: string, tenantPrimary: string): Promise<VisitFigures> {
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForSelector('.app-header')
  await page.waitForTimeout(600)
  const result = await page.evaluate(() => {
    const frames = (
      window as unknown as {
        __frames: { t: number; primary: string; headerBackground: string | null }[]
      }
    ).__frames
    const paints = Object.fromEntries(
      performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]),
    )
    const logo = document.querySelector<HTMLImageElement>('.tenant-logo')
    return {
      frames,
      firstPaint: paints['first-paint'] ?? null,
      firstContentfulPaint: paints['first-contentful-paint'] ?? null,
      isLogoShown: Boolean(logo?.complete && logo.naturalWidth > 0),
    }
  })
  const branded = result.frames.find((frame) => frame.primary === tenantPrimary)
  const wrongColourFrames = result.frames.filter(
    (frame) =>
      frame.headerBackground !== null &&
      rgbToHex(frame.headerBackground) !== tenantPrimary &&
      (!branded || frame.t < branded.t),
  ).length
  return {
    firstPaintMs: result.firstPaint,
    firstContentfulPaintMs: result.firstContentfulPaint,
    tenantColoursAtMs: branded ? branded.t : null,
    wrongColourFrames,
    isLogoShown: result.isLogoShown,
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

async function measureFirstLoadJs(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage()
  const sizes: Promise<number>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length))
    }
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  const total = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0)
  await page.close()
  return total
}

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function spread(values: number[]): string {
  if (values.length === 0) return 'n/a'
  return `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`
}

const BASELINE_DIST = resolve('build/bench-baseline')

/** Builds the plain PWA with its own config: none of this app's aliases or plugins apply. */
async function buildBaseline() {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: resolve('bench/baseline'),
    build: { outDir: BASELINE_DIST, emptyOutDir: true, target: 'es2022' },
    plugins: [
      react(),
      VitePWA({
        registerType: 'autoUpdate',
        manifest: { name: 'Clínica (referencia)', short_name: 'Clínica', lang: 'es', icons: [] },
        workbox: {
          globPatterns: ['**/*.{js,css,html}'],
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [/^\/api\//],
        },
      }),
    ],
  })
}

type VisitKind = 'cold' | 'warm' | 'offline'

interface AppReport {
  firstLoadJsGzipBytes: number
  visits: Record<VisitKind, ReturnType<typeof summarise>>
  raw: Record<VisitKind, VisitFigures[]>
}

function summarise(figures: VisitFigures[]) {
  const pick = (key: keyof VisitFigures) =>
    figures
      .map((figure) => figure[key])
      .filter((value): value is number => typeof value === 'number')
  return {
    runs: figures.length,
    firstPaintMedianMs: median(pick('firstPaintMs')),
    firstPaintSpreadMs: spread(pick('firstPaintMs')),
    firstContentfulPaintMedianMs: median(pick('firstContentfulPaintMs')),
    tenantColoursMedianMs: median(pick('tenantColoursAtMs')),
    visitsWithoutWrongColourFrames: figures.filter((figure) => figure.wrongColourFrames === 0)
      .length,
    wrongColourFramesMedian: median(pick('wrongColourFrames')),
    logoShown: figures.filter((figure) => figure.isLogoShown).length,
  }
}

interface ServedApp {
  url: string
  tenantPrimary: string
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
      tenantPrimary: record.color_primario.toLowerCase(),
      stop,
    }
  } catch (error) {
    stop()
    throw error
  }
}

/** One cold, one warm (worker in control) and one offline visit in a fresh browser profile. */
async function measureRun(
  browser: Browser,
  app: ServedApp,
  raw: Record<VisitKind, VisitFigures[]>,
) {
  const context = await browser.newContext()
  await context.addInitScript(FRAME_PROBE)
  const page = await context.newPage()
  raw.cold.push(await measureVisit(page, app.url, app.tenantPrimary))
  await waitForController(page)
  // Let the logo and the branding reach their caches before the repeat visits.
  await page.waitForTimeout(300)
  raw.warm.push(await measureVisit(page, app.url, app.tenantPrimary))
  await context.setOffline(true)
  raw.offline.push(await measureVisit(page, app.url, app.tenantPrimary))
  await context.close()
}

function toReport(firstLoadJsGzipBytes: number, raw: Record<VisitKind, VisitFigures[]>): AppReport {
  return {
    firstLoadJsGzipBytes,
    visits: {
      cold: summarise(raw.cold),
      warm: summarise(raw.warm),
      offline: summarise(raw.offline),
    },
    raw,
  }
}

function printTable(title: string, report: AppReport) {
  console.log(`\n${title}`)
  console.table(
    Object.fromEntries(
      Object.entries(report.visits).map(([kind, s]) => [
        kind,
        {
          'first paint ms': s.firstPaintMedianMs?.toFixed(0) ?? 'n/a',
          'spread ms': s.firstPaintSpreadMs,
          'FCP ms': s.firstContentfulPaintMedianMs?.toFixed(0) ?? 'n/a',
          'tenant colours ms': s.tenantColoursMedianMs?.toFixed(0) ?? 'n/a',
          'branded first frame': `${s.visitsWithoutWrongColourFrames}/${s.runs}`,
          'wrong-colour frames': s.wrongColourFramesMedian ?? 'n/a',
          'logo shown': `${s.logoShown}/${s.runs}`,
        },
      ]),
    ),
  )
  console.log(
    `First-load JS for /${TENANT}/login: ${report.firstLoadJsGzipBytes} bytes gzip (${(report.firstLoadJsGzipBytes / 1024).toFixed(1)} KB)`,
  )
}

function ratio(ours: number | null, plain: number | null): string {
  return ours !== null && plain !== null && plain > 0 ? (ours / plain).toFixed(2) : 'n/a'
}

async function main() {
  if (
    !existsSync('dist/index.html') ||
    !existsSync('build/server/index.js') ||
    process.env.BENCH_BUILD !== '0'
  ) {
    const appBuild = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
    if (appBuild.status !== 0) throw new Error('Build failed')
  }
  await buildBaseline()

  const servedApp = await serveApp(resolve('dist'))
  const servedPlain = await serveApp(BASELINE_DIST).catch((error: unknown) => {
    servedApp.stop()
    throw error
  })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  let app: AppReport
  let plain: AppReport
  try {
    const appRaw: Record<VisitKind, VisitFigures[]> = { cold: [], warm: [], offline: [] }
    const plainRaw: Record<VisitKind, VisitFigures[]> = { cold: [], warm: [], offline: [] }
    const jsContext = await browser.newContext()
    const appJs = await measureFirstLoadJs(jsContext, servedApp.url)
    const plainJs = await measureFirstLoadJs(jsContext, servedPlain.url)
    await jsContext.close()
    // Alternated run by run, so a busy moment of the machine weighs on both apps alike.
    for (let run = 0; run < RUNS; run += 1) {
      await measureRun(browser, servedApp, appRaw)
      await measureRun(browser, servedPlain, plainRaw)
    }
    app = toReport(appJs, appRaw)
    plain = toReport(plainJs, plainRaw)
  } finally {
    await browser.close()
    servedApp.stop()
    servedPlain.stop()
  }

  printTable(`This app, ${TENANT}, median of ${RUNS} runs`, app)
  printTable(`Plain React PWA (bench/baseline), ${TENANT}, median of ${RUNS} runs`, plain)
  console.log('\nFirst paint, this app ÷ plain app (median):')
  console.table(
    Object.fromEntries(
      (['cold', 'warm', 'offline'] as const).map((kind) => [
        kind,
        {
          ratio: ratio(app.visits[kind].firstPaintMedianMs, plain.visits[kind].firstPaintMedianMs),
        },
      ]),
    ),
  )

  mkdirSync('bench/results', { recursive: true })
  const report = { date: new Date().toISOString(), tenant: TENANT, runs: RUNS, app, plain }
  writeFileSync('bench/results/first-frame.json', JSON.stringify(report, null, 2))
  console.log('Written to bench/results/first-frame.json')
}

await main()
