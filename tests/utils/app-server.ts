/**
 * A second copy of the app for journeys that need builds of their own (an update from one
 * version to another): a production build in any folder, and the reference server serving it.
 * Started by its own binary and stopped by its PID (STACK-NOTES: `npx` leaves children behind).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cp, rm } from 'node:fs/promises'
import { once } from 'node:events'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The repository: where `vite.config.ts`, `dist/` and `build/server/` are. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Runs `vite build` into `outDir` with `VITE_APP_VERSION=version` (a few seconds). */
export async function buildApp(outDir: string, version: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, VITE_APP_VERSION: version },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
  })
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`vite build failed (${String(code)}):\n${errors}`)
}

/** Makes `target` hold exactly the build in `source`, as a deployment would. */
export async function deploy(source: string, target: string): Promise<void> {
  await rm(target, { recursive: true, force: true })
  await cp(source, target, { recursive: true })
}

const SERVER_WITH_WATCHDOG = `
process.stdin.on('end', () => process.exit(0)).resume()
await import(process.argv[1])
`

export interface AppServer {
  origin: string
  stop: () => Promise<void>
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${String(child.exitCode)})`)
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`The server on ${origin} did not answer within ${String(timeoutMs)} ms`)
}

/**
 * Starts the built reference server (`build/server/index.js`, built by `npm start`) on
 * 127.0.0.1:`port`, serving `distDir` with its own database.
 */
export async function startAppServer({
  port,
  distDir,
  dbPath,
  env = {},
}: {
  port: number
  distDir: string
  dbPath: string
  /** More settings of the server (a relay's `TURN_URLS`, …). */
  env?: Readonly<Record<string, string>>
}): Promise<AppServer> {
  const origin = `http://127.0.0.1:${String(port)}`
  const entry = pathToFileURL(join(REPO_ROOT, 'build/server/index.js')).href
  // `node build/server/index.js`, plus a watchdog: its stdin is a pipe from this process, which
  // closes if the test run dies without calling stop(), and then the server exits by itself.
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', SERVER_WITH_WATCHDOG, entry],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DIST_DIR: distDir,
        DB_PATH: dbPath,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  )
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    await exited
  }
  try {
    await waitForHealth(origin, child, 15_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { origin, stop }
}
