import { execFileSync, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { DEBIAN_POSTGRES_ROOT, findPostgresBinDir } from './postgres-binaries.js'

/** A throwaway PostgreSQL server reachable only through a unix socket in its own directory. */
export interface PostgresCluster {
  /** Creates an empty database and returns its URL. */
  createDatabase(): Promise<string>
  /** Fast shutdown, then the directory (data and socket) is deleted. */
  stop(): Promise<void>
  /** Fast shutdown (`pg_ctl stop -m fast`), keeping the data: an outage until `startServer`. */
  stopServer(): Promise<void>
  /** Starts the server again on the same data and socket, as after a restart or failover. */
  startServer(): Promise<void>
  /** Ends every other connection to the database `url` names (`pg_terminate_backend`). */
  terminateConnections(url: string): Promise<number>
}

export interface StartOptions {
  /** The server stops by itself after this long, even if whoever started it never returns. */
  lifetimeSeconds: number
}

const START_TIMEOUT_MS = 30_000

// initdb and postgres refuse to run as root: as root, they run as Debian's `postgres` user.
function asClusterOwner(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args]
  return [
    'setpriv',
    ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args],
  ]
}

function chownToClusterOwner(dir: string) {
  if (process.getuid?.() !== 0) return
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
  chownSync(dir, id('-u'), id('-g'))
}

function urlOf(socketDir: string, database: string): string {
  return `postgres://postgres@/${database}?host=${encodeURIComponent(socketDir)}`
}

// The URLs this module makes: `postgres://postgres@/<database>?host=<socket directory>`.
const CLUSTER_URL = /^(postgres:\/\/postgres@\/)([^/?]+)(\?.*)$/

function partsOf(url: string): RegExpExecArray {
  const parts = CLUSTER_URL.exec(url)
  if (parts === null) throw new Error(`Not a URL of a test cluster: ${url}`)
  return parts
}

/** The database a URL of a test cluster names. */
export function databaseNameOf(url: string): string {
  return partsOf(url)[2] ?? ''
}

/** The URL of database `name` on the server that `url`, a URL of a test cluster, reaches. */
export function withDatabaseName(url: string, name: string): string {
  const [, start = '', , query = ''] = partsOf(url)
  return `${start}${name}${query}`
}

async function waitUntilAccepting(url: string, hasExited: () => boolean, log: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return
    } catch {
      if (hasExited() || Date.now() > deadline) {
        throw new Error(`PostgreSQL did not start.\n${log()}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/**
 * Initialises a cluster in a new temporary directory and starts `postgres` on a unix socket there
 * (no TCP port, so nothing to collide with). Durability is off: the data is thrown away anyway.
 */
export async function startPostgresCluster({
  lifetimeSeconds,
}: StartOptions): Promise<PostgresCluster> {
  const binDir = findPostgresBinDir()
  if (binDir === null) {
    throw new Error(
      `PostgreSQL binaries are missing (${DEBIAN_POSTGRES_ROOT}/*/bin): apt-get install -y postgresql`,
    )
  }
  const dir = mkdtempSync(join(tmpdir(), 'clinica-pg-'))
  const dataDir = join(dir, 'data')
  try {
    chownToClusterOwner(dir)
    const [initdb, initdbArgs] = asClusterOwner(join(binDir, 'initdb'), [
      ...['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
    ])
    execFileSync(initdb, initdbArgs, { stdio: 'pipe' })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }

  const [command, args] = asClusterOwner('timeout', [
    ...['-s', 'INT', String(lifetimeSeconds), join(binDir, 'postgres')],
    ...['-D', dataDir, '-k', dir, '-c', 'listen_addresses='],
    ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    ...['-c', 'max_connections=300'],
  ])
  let log = ''
  const adminUrl = urlOf(dir, 'postgres')

  const launch = async () => {
    const server = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    server.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString()
    })
    const exited = new Promise<void>((resolve) =>
      server.once('exit', () => {
        resolve()
      }),
    )
    // SIGINT is PostgreSQL's fast shutdown; `timeout` passes it on.
    const shutDown = async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT')
      await exited
    }
    try {
      await waitUntilAccepting(
        adminUrl,
        () => server.exitCode !== null,
        () => log,
      )
    } catch (error) {
      await shutDown()
      throw error
    }
    return shutDown
  }

  let shutDown: (() => Promise<void>) | undefined
  const stop = async () => {
    await shutDown?.()
    shutDown = undefined
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    shutDown = await launch()
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }

  return {
    async createDatabase() {
      const name = `clinica_${randomUUID().replaceAll('-', '')}`
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        // The name is generated here, never taken from input.
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return urlOf(dir, name)
    },
    stop,
    async stopServer() {
      await shutDown?.()
      shutDown = undefined
    },
    async startServer() {
      shutDown ??= await launch()
    },
    async terminateConnections(url) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const result = await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
        return result.rowCount ?? 0
      } finally {
        await client.end()
      }
    },
  }
}
