import { isAbsolute, resolve } from 'node:path'
import { DEFAULT_LOGIN_RATE_LIMITS, type LoginRateLimits } from './auth/login-rate-limits.js'
import { DEFAULT_STREAMS_PER_ADDRESS } from './http/capacity.js'

/** Everything `index.ts` reads from the environment, parsed and validated once. */
export interface ServerConfig {
  port: number
  host: string
  /** Absolute path of the SQLite file, or `:memory:`; unused when `databaseUrl` is set. */
  dbPath: string
  /** `DATABASE_URL` (`postgres://…`): every instance shares that PostgreSQL database. */
  databaseUrl: string | undefined
  /** Absolute path of the built app (`dist/`). */
  distDir: string
  /** Run-time API base URL handed to the app; empty means same origin. No trailing slash. */
  apiBaseUrl: string
  /** Secret for signing tokens; undefined means "generate one and keep it in the database". */
  tokenSecret: string | undefined
  tokenTtlSeconds: number
  demoMode: boolean
  loginRateLimits: LoginRateLimits
  /**
   * Fastify `trustProxy` (`TRUST_PROXY`): false unless behind a reverse proxy; `true`, or the
   * proxies' addresses/CIDRs (comma-separated, `loopback` allowed), so the per-IP sign-in limit
   * sees real client addresses.
   */
  trustProxy: boolean | string
  /** `SMTP_URL` (`smtp://` or `smtps://`): where email goes; undefined = none configured. */
  smtpUrl: string | undefined
  /** `MAIL_FROM`: the sender of every message; undefined = the server's default. */
  mailFrom: string | undefined
  /**
   * `PUBLIC_URL`: the address people open the app at, for the links in emails (never taken from
   * a request). In demo mode it defaults to this server's own address.
   */
  publicUrl: string | undefined
  /**
   * `LIVE_STREAMS_MAX`: lowers the live streams this instance holds below the cap derived from
   * its open-file limit; undefined: the derived cap.
   */
  liveStreamsMax: number | undefined
  /** `LIVE_STREAMS_PER_ADDRESS`: live streams one client address may hold on an instance. */
  liveStreamsPerAddress: number
}

/** Thrown for an invalid environment variable; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

export const MIN_TOKEN_SECRET_LENGTH = 32

// The trimmed value, or undefined when unset or blank (blank means "use the default").
function readText(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === '' ? undefined : value
}

function readInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = readText(env, name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}").`)
  }
  return value
}

function readBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = readText(env, name)?.toLowerCase()
  if (raw === undefined) return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be 1/true/yes/on or 0/false/no/off (got "${raw}").`)
}

/**
 * Validates `API_BASE_URL`: empty, an absolute http(s) URL, or an absolute path on this origin.
 * Returned without trailing slashes so the app can append `/api/...`.
 */
export function parseApiBaseUrl(raw: string | undefined): string {
  const value = raw?.trim() ?? ''
  if (value === '') return ''
  if (/^\/(?!\/)[A-Za-z0-9._~/-]*$/.test(value)) return value.replace(/\/+$/, '')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`API_BASE_URL must be an http(s) URL or a path (got "${value}").`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('API_BASE_URL must use http or https.')
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new ConfigError('API_BASE_URL must not contain credentials, a query or a fragment.')
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/** `DATABASE_URL`: unset for the embedded SQLite file, or a PostgreSQL connection URL. */
export function parseDatabaseUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim() ?? ''
  if (value === '') return undefined
  if (!/^postgres(?:ql)?:\/\//i.test(value)) {
    // The value may hold a password: it is never echoed back.
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL.')
  }
  return value
}

/** `SMTP_URL`: unset, or an `smtp://`/`smtps://` URL (it may hold a password: never echoed). */
export function parseSmtpUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim() ?? ''
  if (value === '') return undefined
  // `URL.parse` answers null for text that is no URL at all: refused below like a wrong scheme.
  const url = URL.parse(value)
  if (url?.protocol !== 'smtp:' && url?.protocol !== 'smtps:') {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL.')
  }
  return value
}

/** `PUBLIC_URL`: an absolute http(s) URL without credentials, query or fragment; no trailing slash. */
export function parsePublicUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim() ?? ''
  if (value === '') return undefined
  const url = URL.parse(value)
  if (
    (url?.protocol !== 'http:' && url?.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new ConfigError(
      `PUBLIC_URL must be an http(s) URL without credentials, query or fragment (got "${value}").`,
    )
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

function readTrustProxy(raw: string | undefined): boolean | string {
  const value = raw?.trim() ?? ''
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false
  if (value === '1' || value.toLowerCase() === 'true') return true
  return value
}

/** Parses the server environment. Relative paths are resolved from `cwd`. */
export function readConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): ServerConfig {
  const dbPathRaw = readText(env, 'DB_PATH') ?? 'data/clinica.sqlite'
  const tokenSecret = env.TOKEN_SECRET === '' ? undefined : env.TOKEN_SECRET
  if (tokenSecret !== undefined && tokenSecret.length < MIN_TOKEN_SECRET_LENGTH) {
    throw new ConfigError(`TOKEN_SECRET must be at least ${MIN_TOKEN_SECRET_LENGTH} characters.`)
  }
  const defaults = DEFAULT_LOGIN_RATE_LIMITS
  const port = readInteger(env, 'PORT', 4173, 0, 65_535)
  const host = readText(env, 'HOST') ?? '127.0.0.1'
  const demoMode = readBoolean(env, 'DEMO_MODE', true)
  const reachableHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  const ownAddress = `http://${reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost}:${port}`

  return {
    port,
    host,
    dbPath: dbPathRaw === ':memory:' || isAbsolute(dbPathRaw) ? dbPathRaw : resolve(cwd, dbPathRaw),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    distDir: resolve(cwd, readText(env, 'DIST_DIR') ?? 'dist'),
    apiBaseUrl: parseApiBaseUrl(env.API_BASE_URL),
    tokenSecret,
    tokenTtlSeconds: readInteger(env, 'TOKEN_TTL_SECONDS', 28_800, 60, 30 * 24 * 3600),
    demoMode,
    loginRateLimits: {
      perIp: {
        max: readInteger(env, 'LOGIN_RATE_LIMIT', defaults.perIp.max, 1, 1_000_000),
        timeWindowMs: defaults.perIp.timeWindowMs,
      },
      perAccount: {
        max: readInteger(env, 'LOGIN_ACCOUNT_RATE_LIMIT', defaults.perAccount.max, 1, 1_000_000),
        timeWindowMs: defaults.perAccount.timeWindowMs,
      },
    },
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: readText(env, 'MAIL_FROM'),
    publicUrl: parsePublicUrl(env.PUBLIC_URL) ?? (demoMode ? ownAddress : undefined),
    liveStreamsMax:
      readText(env, 'LIVE_STREAMS_MAX') === undefined
        ? undefined
        : readInteger(env, 'LIVE_STREAMS_MAX', 0, 1, 1_000_000),
    liveStreamsPerAddress: readInteger(
      env,
      'LIVE_STREAMS_PER_ADDRESS',
      DEFAULT_STREAMS_PER_ADDRESS,
      1,
      1_000_000,
    ),
  }
}
