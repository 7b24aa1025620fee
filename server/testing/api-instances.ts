import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const START_TIMEOUT_MS = 60_000

/** One API process (`server/index.ts`) listening on its own loopback address. */
export interface ApiInstance {
  url: string
  /** SIGTERM (the server's graceful shutdown), then waits for the process to end. */
  stop(): Promise<void>
  /** True once the process has ended, for whatever reason. */
  hasExited(): boolean
  /** What the process wrote to stderr so far (its warnings and errors). */
  stderr(): string
}

export interface ApiInstanceOptions {
  /** A loopback address of its own, `127.0.0.x`. */
  host: string
  /** Environment on top of the defaults (`DATABASE_URL`, limits…). */
  env: Record<string, string>
  /** The process stops by itself after this long, even if nobody stops it. */
  lifetimeSeconds: number
}

/** A free TCP port on `host` (the OS picks it; it is released just before the server takes it). */
export async function findFreePort(host: string): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, resolve)
  })
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A minimal built app, enough for the server to start (the API is what is exercised). */
export function createMinimalDist(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'clinica-instances-'))
  mkdirSync(join(dir, 'dist'))
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Clínica</title>')
  return {
    dir: join(dir, 'dist'),
    remove: () => {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok
  } catch {
    return false
  }
}

/** Starts `server/index.ts` in its own process and resolves once it answers its health check. */
export async function startApiInstance({
  host,
  env,
  lifetimeSeconds,
}: ApiInstanceOptions): Promise<ApiInstance> {
  const port = await findFreePort(host)
  const url = `http://${host}:${String(port)}`
  const child = spawn(
    'timeout',
    ['-s', 'TERM', String(lifetimeSeconds), process.execPath, '--import', 'tsx', 'server/index.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, HOST: host, PORT: String(port) },
    },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve()
    }),
  )
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }

  const deadline = Date.now() + START_TIMEOUT_MS
  while (!(await isHealthy(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`The API did not start on ${url}.\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    stop,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    stderr: () => stderr,
  }
}

/** One address in front of several instances, as a load balancer would be. */
export interface RoundRobinProxy {
  url: string
  /** The instance that answered each request so far, in order. */
  answeredBy: string[]
  close(): Promise<void>
}

/**
 * A tiny round-robin HTTP proxy: request n goes to instance n mod N; an instance that refuses
 * the connection (stopped) is skipped for the next, as a balancer's health check would.
 */
export async function startRoundRobinProxy(
  host: string,
  backends: readonly string[],
): Promise<RoundRobinProxy> {
  let next = 0
  const answeredBy: string[] = []
  const server: Server = createServer((incoming, outgoing) => {
    const body: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => body.push(chunk))
    incoming.on('end', () => {
      const tryBackend = (attempt: number) => {
        if (attempt >= backends.length) {
          outgoing.writeHead(502).end()
          return
        }
        const backend = backends[next++ % backends.length] ?? ''
        const forwarded = request(
          `${backend}${incoming.url ?? '/'}`,
          { method: incoming.method, headers: incoming.headers },
          (answer) => {
            answeredBy.push(backend)
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(outgoing)
          },
        )
        forwarded.on('error', () => {
          tryBackend(attempt + 1)
        })
        forwarded.end(Buffer.concat(body))
      }
      tryBackend(0)
    })
  })
  const port = await findFreePort(host)
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  return {
    url: `http://${host}:${String(port)}`,
    answeredBy,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}
