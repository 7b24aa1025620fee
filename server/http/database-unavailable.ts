import { sql } from 'kysely'
import { HttpError } from './http-errors.js'
import type { AppDatabase } from '../database/schema.js'

/** What a client is told to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** How long the health check waits for the database before calling it unreachable. */
export const DATABASE_PROBE_TIMEOUT_MS = 2_000

const DATABASE_UNAVAILABLE_MESSAGE =
  'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.'

// SQLite result codes (extended codes start with these) meaning "the file cannot be used right
// now": another process holds the lock, the disk is full or failing, the file is gone.
const SQLITE_UNAVAILABLE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_PROTOCOL',
  'SQLITE_READONLY',
]

// PostgreSQL SQLSTATEs: class 08 (connection exception), 53 (insufficient resources: disk full,
// too many connections), 57P01-57P03 (shut down, crashed, starting up: a restart or failover).
const POSTGRES_UNAVAILABLE_STATE = /^(?:08...|53...|57P0[1-3])$/

// The socket level: the server is not there or the connection dropped.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

const SOCKET_CALLS = new Set(['connect', 'read', 'write', 'getaddrinfo'])

// `pg` reports a dropped connection or a pool that cannot connect with plain Errors, no code.
const PG_CONNECTION_MESSAGE =
  /^Connection terminated|timeout exceeded when trying to connect|is not queryable|Client was closed/

function isUnavailableError(error: Error): boolean {
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (SQLITE_UNAVAILABLE_CODES.some((prefix) => code.startsWith(prefix))) return true
    if (POSTGRES_UNAVAILABLE_STATE.test(code)) return true
    // Only a socket's error: a missing file elsewhere (ENOENT on a read) is not the database.
    const syscall = (error as { syscall?: unknown }).syscall
    if (NETWORK_CODES.has(code) && typeof syscall === 'string' && SOCKET_CALLS.has(syscall)) {
      return true
    }
  }
  return PG_CONNECTION_MESSAGE.test(error.message)
}

/**
 * True when `error` (or an error it wraps) says the database cannot be reached or used right
 * now, as opposed to a fault in the request or the code: those answers are a 503 to retry.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current = error
  while (current instanceof Error && !seen.has(current)) {
    if (isUnavailableError(current)) return true
    seen.add(current)
    current = current.cause
  }
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable)
  return false
}

/** The answer while the database is unavailable: 503 with `Retry-After`. */
export function databaseUnavailable(): HttpError {
  return new HttpError(503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, undefined, {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  })
}

/**
 * Reads one row, so the file or the server is really used (a bare `select 1` never touches a
 * SQLite file). Rejects when the database does not answer within the probe timeout.
 */
export async function probeDatabase(db: AppDatabase): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error('timeout exceeded when trying to connect'))
    }, DATABASE_PROBE_TIMEOUT_MS)
  })
  try {
    await Promise.race([sql`select 1 from settings limit 1`.execute(db), timeout])
  } finally {
    clearTimeout(timer)
  }
}
