/**
 * What a patient's first visit costs in bytes (`npx tsx bench/first-install.ts`),
 * the page and the worker's first install together, on the built app served by this project's
 * server. The browser reaches the server through a counting proxy here, so every figure is what
 * left the server: bodies as encoded on the wire plus the response headers; a request the
 * browser's HTTP cache or the worker answered costs nothing.
 *
 * - The precache: the worker's list (entries, any URL listed twice) and what it weighs with
 *   brotli, each file asked of the server with `Accept-Encoding: br` (images as they are).
 * - The first visit: a fresh Chromium profile opens the sign-in screen and waits until the worker
 *   is installed and active (its precache complete); the same visit with service workers blocked
 *   gives the page's share, the difference is the worker's first install.
 *
 * Set BENCH_BUILD=0 to measure the existing build instead of building first, DIST_DIR to measure
 * another build of the page with this server.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpServer, request as httpRequest } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config'

const TENANT = process.env.BENCH_TENANT ?? 'hospital-central'
/** The built app the server serves (the server's own `DIST_DIR`). */
const DIST_DIR = process.env.DIST_DIR ?? 'dist'
const KB = 1024

interface Transfer {
  /** Each answer: its path and bytes. */
  answers: [string, number][]
  requests: number
  bytes: number
  encodings: Set<string>
}

/** The worker's precache list, as the build injected it into `dist/sw.js`. */
export function precacheUrls(workerSource: string): string[] {
  const list = /\[\{"(?:revision|url)"[^\]]*\]/.exec(workerSource)
  if (!list) throw new Error('No precache list in the worker')
  return (JSON.parse(list[0]) as { url: string }[]).map((entry) => entry.url)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => {
        resolve(port)
      })
    })
    server.on('error', reject)
  })
}

async function waitForServer(url: string) {
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

/** A proxy to `target` that counts what the server sends back; `reset` starts a new count. */
async function countingProxy(target: number) {
  let transfer: Transfer = { answers: [], requests: 0, bytes: 0, encodings: new Set() }
  let lastAnswerAt = performance.now()
  const server = createHttpServer((incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        const counted = transfer
        counted.requests += 1
        // Status line and headers as HTTP/1.1 writes them.
        let bytes = 17 + answer.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0)
        const encoding = answer.headers['content-encoding']
        if (encoding) counted.encodings.add(encoding)
        answer.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        answer.on('end', () => {
          lastAnswerAt = performance.now()
          counted.bytes += bytes
          counted.answers.push([incoming.url ?? '', bytes])
        })
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => outgoing.destroy())
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve)
  })
  return {
    port: (server.address() as AddressInfo).port,
    reset: () => {
      const done = transfer
      transfer = { answers: [], requests: 0, bytes: 0, encodings: new Set() }
      return done
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve()
        })
      }),
    /** Resolves once nothing was answered for `ms` (what the worker warms after activating). */
    quiet: async (ms: number) => {
      while (performance.now() - lastAnswerAt < ms) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  }
}

/** A fresh profile's visit to the sign-in screen, until the worker is active (or without one). */
async function firstVisit(url: string, withWorker: boolean, quiet: () => Promise<void>) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ serviceWorkers: withWorker ? 'allow' : 'block' })
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load' })
    await page.getByRole('button', { name: 'Entrar' }).waitFor()
    if (withWorker) {
      // Active means installed: the precache is complete.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        const active = registration.active
        if (active && active.state !== 'activated') {
          await new Promise<void>((resolve) => {
            active.addEventListener('statechange', () => {
              if (active.state === 'activated') resolve()
            })
          })
        }
      })
    }
    // What the page loads once its screen works (branding, logo, after-start chunk), and what
    // the worker warms after it (the hospital's icons).
    await page.waitForLoadState('networkidle')
    await quiet()
    await context.close()
  } finally {
    await browser.close()
  }
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`
}

async function main() {
  if (
    !existsSync('dist/sw.js') ||
    !existsSync('build/server/index.js') ||
    process.env.BENCH_BUILD !== '0'
  ) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
    if (build.status !== 0) throw new Error('Build failed')
  }
  const [one, five] = loadavg()
  const load = `load average ${one?.toFixed(2) ?? '?'} (1 min), ${five?.toFixed(2) ?? '?'} (5 min) on ${String(cpus().length)} cores`

  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'clinica-install-'))
  const server = spawn('node', ['build/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DB_PATH: join(dataDir, 'db.sqlite'),
    },
    stdio: 'ignore',
  })
  const proxy = await countingProxy(port)
  try {
    const origin = `http://127.0.0.1:${String(port)}`
    await waitForServer(`${origin}/api/health`)

    const urls = precacheUrls(readFileSync(join(DIST_DIR, 'sw.js'), 'utf8'))
    const duplicates = urls.filter((url, index) => urls.indexOf(url) !== index)
    let precacheBrotli = 0
    for (const url of new Set(urls)) {
      precacheBrotli += await encodedSize(port, `/${url}`)
    }

    const visitUrl = `http://127.0.0.1:${String(proxy.port)}/${TENANT}/login`
    proxy.reset()
    const quiet = () => proxy.quiet(3000)
    await firstVisit(visitUrl, false, quiet)
    const page = proxy.reset()
    await firstVisit(visitUrl, true, quiet)
    const whole = proxy.reset()

    console.info(`First visit to /${TENANT}/login on a fresh profile (${load})`)
    console.info(
      `  precache: ${String(urls.length)} entries, ${String(duplicates.length)} listed twice${duplicates.length > 0 ? ` (${duplicates.join(', ')})` : ''}, ${kb(precacheBrotli)} brotli`,
    )
    console.info(
      `  the page alone (no worker): ${kb(page.bytes)} over ${String(page.requests)} requests`,
    )
    console.info(
      `  the whole first visit: ${kb(whole.bytes)} over ${String(whole.requests)} requests`,
    )
    console.info(
      `  the worker's first install: ${kb(whole.bytes - page.bytes)} over ${String(whole.requests - page.requests)} requests`,
    )
    if (process.env.BENCH_VERBOSE === '1') {
      // What the worker added: every answer of the whole visit beyond the page's own.
      const pageAnswers = page.answers.map(([path]) => path)
      for (const [path, bytes] of whole.answers) {
        const index = pageAnswers.indexOf(path)
        if (index === -1) console.info(`    ${String(bytes)} ${path}`)
        else pageAnswers.splice(index, 1)
      }
    }
    console.info(`  encodings the browser got: ${[...whole.encodings].join(', ') || 'none'}`)
  } finally {
    await proxy.close()
    server.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The body's size as the server sends it with brotli (images as they are). */
function encodedSize(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ask = httpRequest(
      { host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'br' } },
      (answer) => {
        if (answer.statusCode !== 200) reject(new Error(`${path}: ${String(answer.statusCode)}`))
        let bytes = 0
        answer.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        answer.on('end', () => {
          resolve(bytes)
        })
      },
    )
    ask.on('error', reject)
    ask.end()
  })
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
