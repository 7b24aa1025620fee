/**
 * How many connections and live streams this process can hold, derived at start from its
 * open-file limit (`ulimit -n`): every connection is a file descriptor, and a process out of
 * descriptors refuses everyone, health checks included. Live streams get a cap of their own
 * below the connection limit, so ordinary requests and health checks always find room.
 */
import { readFileSync } from 'node:fs'
import { POSTGRES_POOL_SIZE } from '../database/open.js'

/** Descriptors kept for everything but client connections: database, logs, files, the listener. */
export const RESERVED_DESCRIPTORS = 64
/** Connections always left to ordinary requests, at least: page loads, writes, health checks. */
export const MIN_ORDINARY_CONNECTIONS = 256
/** ...and at least this share of all connections. */
const ORDINARY_SHARE = 0.25
/** The fewest live streams worth running with (a small clinic's staff and patients). */
export const MIN_LIVE_STREAMS = 64
/** The lowest open-file limit the server starts with. */
export const MIN_OPEN_FILES = RESERVED_DESCRIPTORS + MIN_ORDINARY_CONNECTIONS + MIN_LIVE_STREAMS
/**
 * When the limit cannot be read (not Linux): the usual default soft limit, so the caps err on
 * the low side.
 */
export const FALLBACK_OPEN_FILES = 1024

/**
 * Live streams one client address may hold on an instance. A hospital's network often reaches
 * the server through one address (NAT): ~100 staff on shift with two screens each and the
 * waiting room's patients on its Wi-Fi fit; one address flooding with many sessions does not
 * take the instance. `LIVE_STREAMS_PER_ADDRESS` changes it.
 */
export const DEFAULT_STREAMS_PER_ADDRESS = 300

/**
 * Session checks of opening live streams that run at once; the others wait their turn in the
 * process. Half the PostgreSQL pool at most, so a reconnect storm never takes every connection
 * from the writes and reads of people using the app.
 */
export const STREAM_CHECKS_AT_ONCE = Math.floor(POSTGRES_POOL_SIZE / 2)

/** What an instance holds at most. */
export interface Capacity {
  /** Open connections beyond this are refused at once (Node's `server.maxConnections`). */
  maxConnections: number
  /** Live streams beyond this get 503 with `Retry-After`. */
  maxStreams: number
}

/** The soft open-file limit of this process (`/proc/self/limits`), or undefined when unknown. */
export function readOpenFileLimit(path = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(path, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('Max open files'))
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0]
    if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER
    const value = Number(soft)
    return Number.isSafeInteger(value) && value > 0 ? value : undefined
  } catch {
    return undefined
  }
}

/** The limit is too low to run: the message says so in Spanish and English. */
export class OpenFileLimitError extends Error {
  constructor(limit: number) {
    super(
      `El límite de archivos abiertos del proceso (ulimit -n = ${String(limit)}) es demasiado ` +
        `bajo: hacen falta al menos ${String(MIN_OPEN_FILES)}; súbelo (ulimit -n 4096 o ` +
        `LimitNOFILE en systemd). / The process's open-file limit (ulimit -n = ${String(limit)}) ` +
        `is too low: at least ${String(MIN_OPEN_FILES)} are needed; raise it (ulimit -n 4096, ` +
        `or LimitNOFILE in systemd).`,
    )
    this.name = 'OpenFileLimitError'
  }
}

/**
 * The caps for an open-file limit; `maxStreams` (`LIVE_STREAMS_MAX`) may only lower the live
 * stream cap. Throws {@link OpenFileLimitError} when the limit is too low to run.
 */
export function deriveCapacity(openFiles: number, maxStreams?: number): Capacity {
  if (openFiles < MIN_OPEN_FILES) throw new OpenFileLimitError(openFiles)
  const maxConnections = openFiles - RESERVED_DESCRIPTORS
  const ordinary = Math.max(MIN_ORDINARY_CONNECTIONS, Math.ceil(maxConnections * ORDINARY_SHARE))
  const derived = maxConnections - ordinary
  return { maxConnections, maxStreams: Math.min(derived, maxStreams ?? derived) }
}
