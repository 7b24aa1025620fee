/**
 * First-frame benchmark (`npm run bench`): a real Chromium against the production build, the
 * median of N runs for a cold visit, a warm visit (service worker in control) and an offline
 * visit. It reports first paint, when the tenant's colours are applied, how many frames were
 * painted in the wrong colours, whether the logo shows offline, and the first-load JS in gzip
 * bytes. A benchmark, not a test: it prints and writes figures, it asserts nothing.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_ARGS } from '../playwright.config'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const TENANT = process.env.BENCH_TENANT ?? 'hospital-central'
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

interface VisitFigures {
  firstPaintMs: number | null
  firstContentfulPaintMs: number | null
  /** From navigation start to the first frame with the tenant's primary colour. */
  tenantColoursAtMs: number | null
  /** Frames painted with the app visible in colours other than the tenant's. */
  wrongColourFrames: number
  isLogoShown: boolean
}

// Runs before any page script: records, for every frame, the primary colour and whether the
// header was already on screen.
const FRAME_PROBE = `
  window.__frames = [];
  const probe = () => {
    const header = document.querySelector('.app-header');
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

async function firstLoadJsGzipBytes(context: BrowserContext, url: string): Promise<number> {
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

async function main() {
  if (
    !existsSync('dist/index.html') ||
    !existsSync('build/server/index.js') ||
    process.env.BENCH_BUILD !== '0'
  ) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
    if (build.status !== 0) throw new Error('Build failed')
  }
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'clinica-bench-'))
  const server = spawn('node', ['build/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DB_PATH: join(dataDir, 'bench.sqlite'),
    },
    stdio: 'ignore',
  })
  const origin = `http://127.0.0.1:${port}`
  const url = `${origin}/${TENANT}/login`
  try {
    await waitForServer(`${origin}/api/health`)
    const record = (
      (await (await fetch(`${origin}/api/hospitales?tenant=${TENANT}`)).json()) as {
        color_primario: string
      }[]
    )[0]
    if (!record) throw new Error(`Unknown tenant ${TENANT}`)
    const tenantPrimary = record.color_primario.toLowerCase()

    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const visits: Record<'cold' | 'warm' | 'offline', VisitFigures[]> = {
      cold: [],
      warm: [],
      offline: [],
    }
    let jsGzipBytes = 0
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext()
      await context.addInitScript(FRAME_PROBE)
      if (run === 0) jsGzipBytes = await firstLoadJsGzipBytes(await browser.newContext(), url)
      const page = await context.newPage()
      visits.cold.push(await measureVisit(page, url, tenantPrimary))
      await waitForController(page)
      // Let the logo and the branding reach their caches before the repeat visits.
      await page.waitForTimeout(300)
      visits.warm.push(await measureVisit(page, url, tenantPrimary))
      await context.setOffline(true)
      visits.offline.push(await measureVisit(page, url, tenantPrimary))
      await context.close()
    }
    await browser.close()

    const summary = Object.fromEntries(
      Object.entries(visits).map(([kind, figures]) => {
        const pick = (key: keyof VisitFigures) =>
          figures
            .map((figure) => figure[key])
            .filter((value): value is number => typeof value === 'number')
        return [
          kind,
          {
            runs: figures.length,
            firstPaintMedianMs: median(pick('firstPaintMs')),
            firstPaintSpreadMs: spread(pick('firstPaintMs')),
            firstContentfulPaintMedianMs: median(pick('firstContentfulPaintMs')),
            tenantColoursMedianMs: median(pick('tenantColoursAtMs')),
            visitsWithoutWrongColourFrames: figures.filter(
              (figure) => figure.wrongColourFrames === 0,
            ).length,
            wrongColourFramesMedian: median(pick('wrongColourFrames')),
            logoShown: figures.filter((figure) => figure.isLogoShown).length,
          },
        ]
      }),
    )
    const report = {
      date: new Date().toISOString(),
      tenant: TENANT,
      runs: RUNS,
      firstLoadJsGzipBytes: jsGzipBytes,
      visits: summary,
      raw: visits,
    }

    console.log(`\nFirst-frame benchmark, ${TENANT}, median of ${RUNS} runs`)
    console.table(
      Object.fromEntries(
        Object.entries(summary).map(([kind, s]) => [
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
      `First-load JS for /${TENANT}/login: ${jsGzipBytes} bytes gzip (${(jsGzipBytes / 1024).toFixed(1)} KB)`,
    )
    mkdirSync('bench/results', { recursive: true })
    writeFileSync('bench/results/first-frame.json', JSON.stringify(report, null, 2))
    console.log('Written to bench/results/first-frame.json')
  } finally {
    server.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
