import { isAbsolute, resolve } from 'node:path'
import envSchema from 'env-schema'
import { Type, type Static } from 'typebox'
import { DEFAULT_LOGIN_RATE_LIMITS, type LoginRateLimits } from './auth/login-rate-limits.js'
import {
  DEFAULT_AUDIT_READ_RETENTION_DAYS,
  DEFAULT_GUEST_CONTACT_RETENTION_DAYS,
} from './database/housekeeping.js'
import type { RelaySettings } from './care/relay-credentials.js'
import { parsePushServiceOrigins } from './push/endpoint-policy.js'
import type { VapidKeys } from './push/vapid-keys.js'
import { DEFAULT_STREAMS_PER_ADDRESS } from './http/capacity.js'
import { MAX_SOLICITUDES_ABIERTAS } from '../src/contract/care.js'

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
   * Calls: `TURN_URLS` (comma-separated `turn:`/`turns:` URLs of a relay started with
   * `--use-auth-secret`), `TURN_SECRET` (its `--static-auth-secret`), `STUN_URLS`. Without a
   * relay, calls may fail on networks that block peer-to-peer (docs/calls.md).
   */
  relay: RelaySettings
  /**
   * Web Push (docs/push.md): `VAPID_PUBLIC_KEY` + `VAPID_PRIVATE_KEY` (both or neither; neither:
   * a pair generated once and kept in the database), `VAPID_SUBJECT`, and `PUSH_SERVICE_ORIGINS`
   * (push services allowed besides the browsers' own).
   */
  push: { vapid: VapidKeys | undefined; subject: string | undefined; extraOrigins: string[] }
  /** `AUDIT_READ_RETENTION_DAYS`: days a staff member's read of a request stays audited. */
  auditReadRetentionDays: number
  /** `GUEST_CONTACT_RETENTION_DAYS`: days a guest's contact is kept after their request closes. */
  guestContactRetentionDays: number
  /**
   * `LIVE_STREAMS_MAX`: lowers the live streams this instance holds below the cap derived from
   * its open-file limit; undefined: the derived cap.
   */
  liveStreamsMax: number | undefined
  /** `LIVE_STREAMS_PER_ADDRESS`: live streams one client address may hold on an instance. */
  liveStreamsPerAddress: number
  /** `MAX_OPEN_REQUESTS`: open requests (waiting or in progress) one patient may have at once. */
  maxOpenRequests: number
}

/** Thrown for an invalid environment variable; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

export const MIN_TOKEN_SECRET_LENGTH = 32

const BOOLEAN_WORDS = { true: ['1', 'true', 'yes', 'on'], false: ['0', 'false', 'no', 'off'] }

const integer = (min: number, max: number, fallback: number) =>
  Type.Integer({ minimum: min, maximum: max, default: fallback })

/**
 * The environment the server reads, as a schema: `env-schema` fills the defaults, turns numbers
 * into numbers and refuses what is out of range. The addresses are checked after it, by the
 * parsers below (a URL is more than a pattern).
 */
const ENV_SCHEMA = Type.Object({
  PORT: integer(0, 65_535, 4173),
  HOST: Type.String({ default: '127.0.0.1' }),
  DB_PATH: Type.String({ default: 'data/clinica.sqlite' }),
  DATABASE_URL: Type.Optional(Type.String()),
  DIST_DIR: Type.String({ default: 'dist' }),
  API_BASE_URL: Type.Optional(Type.String()),
  TOKEN_SECRET: Type.Optional(Type.String({ minLength: MIN_TOKEN_SECRET_LENGTH })),
  TOKEN_TTL_SECONDS: integer(60, 30 * 24 * 3600, 28_800),
  DEMO_MODE: Type.Enum([...BOOLEAN_WORDS.true, ...BOOLEAN_WORDS.false], { default: 'true' }),
  LOGIN_RATE_LIMIT: integer(1, 1_000_000, DEFAULT_LOGIN_RATE_LIMITS.perIp.max),
  LOGIN_ACCOUNT_RATE_LIMIT: integer(1, 1_000_000, DEFAULT_LOGIN_RATE_LIMITS.perAccount.max),
  TRUST_PROXY: Type.Optional(Type.String()),
  SMTP_URL: Type.Optional(Type.String()),
  MAIL_FROM: Type.Optional(Type.String()),
  PUBLIC_URL: Type.Optional(Type.String()),
  TURN_URLS: Type.Optional(Type.String()),
  TURN_SECRET: Type.Optional(Type.String()),
  STUN_URLS: Type.Optional(Type.String()),
  VAPID_PUBLIC_KEY: Type.Optional(Type.String()),
  VAPID_PRIVATE_KEY: Type.Optional(Type.String()),
  VAPID_SUBJECT: Type.Optional(Type.String()),
  PUSH_SERVICE_ORIGINS: Type.Optional(Type.String()),
  AUDIT_READ_RETENTION_DAYS: integer(1, 36_500, DEFAULT_AUDIT_READ_RETENTION_DAYS),
  GUEST_CONTACT_RETENTION_DAYS: integer(1, 36_500, DEFAULT_GUEST_CONTACT_RETENTION_DAYS),
  LIVE_STREAMS_MAX: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  LIVE_STREAMS_PER_ADDRESS: integer(1, 1_000_000, DEFAULT_STREAMS_PER_ADDRESS),
  // Raises the contract's limit, never lowers it.
  MAX_OPEN_REQUESTS: integer(MAX_SOLICITUDES_ABIERTAS, 1000, MAX_SOLICITUDES_ABIERTAS),
})
type Env = Static<typeof ENV_SCHEMA>

const INTEGER_VARIABLES: ReadonlySet<string> = new Set(
  Object.entries(ENV_SCHEMA.properties).flatMap(([name, rule]) =>
    'type' in rule && rule.type === 'integer' ? [name] : [],
  ),
)

/** What the server says of a refused variable: its name and rule, never a secret's value. */
function refusal(name: string, raw: string): string {
  const rule = ENV_SCHEMA.properties[name as keyof Env] as { minimum?: number; maximum?: number }
  if (name === 'TOKEN_SECRET') {
    return `TOKEN_SECRET must be at least ${MIN_TOKEN_SECRET_LENGTH} characters.`
  }
  if (name === 'DEMO_MODE') {
    return `DEMO_MODE must be ${BOOLEAN_WORDS.true.join('/')} or ${BOOLEAN_WORDS.false.join('/')} (got "${raw}").`
  }
  return `${name} must be an integer between ${String(rule.minimum)} and ${String(rule.maximum)} (got "${raw}").`
}

/**
 * The variables this server knows, trimmed (but the token secret, taken as it is); a blank one
 * means "use the default", and the boolean's words are read without case.
 */
function knownVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  const known: Record<string, string> = {}
  for (const name of Object.keys(ENV_SCHEMA.properties)) {
    const raw = env[name]
    const value = name === 'TOKEN_SECRET' ? raw : raw?.trim()
    if (value === undefined || value === '') continue
    // Digits only: the schema would also take "1e3" or "+5" for a number.
    if (INTEGER_VARIABLES.has(name) && !/^\d+$/.test(value)) {
      throw new ConfigError(refusal(name, value))
    }
    known[name] = name === 'DEMO_MODE' ? value.toLowerCase() : value
  }
  return known
}

function readEnv(env: NodeJS.ProcessEnv): Env {
  const data = knownVariables(env)
  try {
    return envSchema<Env>({ schema: structuredClone(ENV_SCHEMA), data, env: false, dotenv: false })
  } catch (error) {
    const first = (error as { errors?: { instancePath: string }[] }).errors?.[0]
    const name = first?.instancePath.slice(1)
    if (name === undefined || !(name in data)) throw error
    throw new ConfigError(refusal(name, data[name] ?? ''))
  }
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

/** `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY`: both base64url, both or neither. */
export function parseVapidKeys(
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>,
): VapidKeys | undefined {
  const publicKey = env.VAPID_PUBLIC_KEY
  const privateKey = env.VAPID_PRIVATE_KEY
  if (publicKey === undefined && privateKey === undefined) return undefined
  // An uncompressed P-256 public key is 65 bytes (87 characters), the private key 32 (43).
  if (publicKey === undefined || !/^[A-Za-z0-9_-]{87}$/.test(publicKey)) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters).')
  }
  if (privateKey === undefined || !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) {
    // The private key is never echoed.
    throw new ConfigError(
      'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters).',
    )
  }
  return { publicKey, privateKey }
}

/** `VAPID_SUBJECT`: a `mailto:` address or an `https:` URL. */
export function parseVapidSubject(raw: string | undefined): string | undefined {
  const value = raw?.trim() ?? ''
  if (value === '') return undefined
  const url = URL.parse(value)
  if (url?.protocol !== 'mailto:' && url?.protocol !== 'https:') {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https: URL (got "${value}").`)
  }
  return value
}

function readTrustProxy(raw: string | undefined): boolean | string {
  const value = raw?.trim() ?? ''
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false
  if (value === '1' || value.toLowerCase() === 'true') return true
  return value
}

/** A comma-separated list of URLs, each with one of `schemes`. */
function readUrlList(raw: string | undefined, name: string, schemes: readonly string[]): string[] {
  const urls = (raw ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '')
  for (const url of urls) {
    if (!schemes.some((scheme) => url.startsWith(scheme))) {
      throw new ConfigError(`${name} must list ${schemes.join(' or ')} URLs, comma-separated.`)
    }
  }
  return urls
}

function readRelaySettings(
  env: Pick<Env, 'TURN_URLS' | 'TURN_SECRET' | 'STUN_URLS'>,
): RelaySettings {
  const turnUrls = readUrlList(env.TURN_URLS, 'TURN_URLS', ['turn:', 'turns:'])
  const turnSecret = env.TURN_SECRET
  if (turnUrls.length > 0 && turnSecret === undefined) {
    throw new ConfigError("TURN_URLS needs TURN_SECRET (the relay's --static-auth-secret).")
  }
  return {
    turnUrls,
    turnSecret,
    stunUrls: readUrlList(env.STUN_URLS, 'STUN_URLS', ['stun:', 'stuns:']),
  }
}

function readPushServiceOrigins(raw: string | undefined): string[] {
  try {
    return parsePushServiceOrigins(raw)
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
}

/** Parses the server environment. Relative paths are resolved from `cwd`. */
export function readConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): ServerConfig {
  const vars = readEnv(env)
  const { PORT: port, HOST: host, DB_PATH: dbPathRaw } = vars
  const demoMode = BOOLEAN_WORDS.true.includes(vars.DEMO_MODE)
  const reachableHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  const ownAddress = `http://${reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost}:${port}`
  const defaults = DEFAULT_LOGIN_RATE_LIMITS

  return {
    port,
    host,
    dbPath: dbPathRaw === ':memory:' || isAbsolute(dbPathRaw) ? dbPathRaw : resolve(cwd, dbPathRaw),
    databaseUrl: parseDatabaseUrl(vars.DATABASE_URL),
    distDir: resolve(cwd, vars.DIST_DIR),
    apiBaseUrl: parseApiBaseUrl(vars.API_BASE_URL),
    tokenSecret: vars.TOKEN_SECRET,
    tokenTtlSeconds: vars.TOKEN_TTL_SECONDS,
    demoMode,
    loginRateLimits: {
      perIp: { max: vars.LOGIN_RATE_LIMIT, timeWindowMs: defaults.perIp.timeWindowMs },
      perAccount: {
        max: vars.LOGIN_ACCOUNT_RATE_LIMIT,
        timeWindowMs: defaults.perAccount.timeWindowMs,
      },
    },
    trustProxy: readTrustProxy(vars.TRUST_PROXY),
    smtpUrl: parseSmtpUrl(vars.SMTP_URL),
    mailFrom: vars.MAIL_FROM,
    publicUrl: parsePublicUrl(vars.PUBLIC_URL) ?? (demoMode ? ownAddress : undefined),
    relay: readRelaySettings(vars),
    push: {
      vapid: parseVapidKeys(vars),
      subject: parseVapidSubject(vars.VAPID_SUBJECT),
      extraOrigins: readPushServiceOrigins(vars.PUSH_SERVICE_ORIGINS),
    },
    auditReadRetentionDays: vars.AUDIT_READ_RETENTION_DAYS,
    guestContactRetentionDays: vars.GUEST_CONTACT_RETENTION_DAYS,
    liveStreamsMax: vars.LIVE_STREAMS_MAX,
    liveStreamsPerAddress: vars.LIVE_STREAMS_PER_ADDRESS,
    maxOpenRequests: vars.MAX_OPEN_REQUESTS,
  }
}
