import { buildApp } from './app.js'
import { hasRelay } from './care/relay-credentials.js'
import { ConfigError, readConfig } from './config.js'
import {
  deriveCapacity,
  FALLBACK_OPEN_FILES,
  OpenFileLimitError,
  readOpenFileLimit,
} from './http/capacity.js'
import { createLoggerOptions } from './http/logging.js'

// Give in-flight requests this long to finish after SIGINT/SIGTERM, then exit anyway.
const SHUTDOWN_GRACE_MS = 10_000

function readLogLevel(raw: string | undefined): string {
  const level = raw?.trim()
  return level === undefined || level === '' ? 'info' : level
}

async function main() {
  const config = readConfig(process.env)
  const openFiles = readOpenFileLimit()
  const capacity = deriveCapacity(openFiles ?? FALLBACK_OPEN_FILES, config.liveStreamsMax)
  const app = await buildApp({
    capacity,
    liveStreamsPerAddress: config.liveStreamsPerAddress,
    distDir: config.distDir,
    dbPath: config.dbPath,
    databaseUrl: config.databaseUrl,
    apiBaseUrl: config.apiBaseUrl,
    tokenSecret: config.tokenSecret,
    tokenTtlSeconds: config.tokenTtlSeconds,
    demoMode: config.demoMode,
    loginRateLimits: config.loginRateLimits,
    trustProxy: config.trustProxy,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, publicUrl: config.publicUrl },
    relay: config.relay,
    push: config.push,
    auditReadRetentionDays: config.auditReadRetentionDays,
    guestContactRetentionDays: config.guestContactRetentionDays,
    maxOpenRequests: config.maxOpenRequests,
    logger: createLoggerOptions(readLogLevel(process.env.LOG_LEVEL)),
  })

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    setTimeout(() => {
      app.log.error('shutdown timed out')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS).unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)

  // Node's default accept queue (511) drops a reconnect storm's connections, which then retry
  // after whole seconds: the queue is as long as the connections held (the kernel caps it at
  // net.core.somaxconn).
  await app.listen({ port: config.port, host: config.host, backlog: capacity.maxConnections })
  app.log.info(
    {
      demoMode: config.demoMode,
      // Only the engine: the URL may carry a password.
      database: config.databaseUrl === undefined ? config.dbPath : 'postgres',
      distDir: config.distDir,
      openFiles: openFiles ?? `unknown (assumed ${String(FALLBACK_OPEN_FILES)})`,
      maxConnections: capacity.maxConnections,
      maxLiveStreams: capacity.maxStreams,
      // Registration and reset links need both; without them those routes answer 503.
      email:
        config.smtpUrl !== undefined
          ? 'smtp'
          : config.demoMode
            ? 'log (demo mode, no SMTP_URL)'
            : 'off (no SMTP_URL)',
      // Without a relay, calls may fail on networks that block peer-to-peer (docs/calls.md).
      calls: hasRelay(config.relay) ? 'relay' : 'peer-to-peer only (no TURN_URLS)',
    },
    'server ready',
  )
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof OpenFileLimitError
      ? error.message
      : String(error)
  console.error(`The server could not start: ${message}`)
  process.exit(1)
})
