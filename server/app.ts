import { randomBytes } from 'node:crypto'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import fastifyCompress from '@fastify/compress'
import fastifyHelmet from '@fastify/helmet'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import { MAX_SOLICITUDES_ABIERTAS } from '../src/contract/care.js'
import { registerApiNoStoreDefault } from './http/api-cache-control.js'
import {
  DEFAULT_LOGIN_RATE_LIMITS,
  type LoginRateLimits,
  type RateLimitWindow,
} from './auth/login-rate-limits.js'
import {
  DEFAULT_PASSWORD_CHECK_LIMITS,
  type PasswordCheckLimits,
} from './auth/password-check-queue.js'
import { DEFAULT_SCRYPT_PARAMS, hashPassword, type ScryptParams } from './auth/passwords.js'
import { createAdminGuards } from './auth/admin-guards.js'
import { createAccountSignInThrottle } from './auth/account-sign-in-throttle.js'
import { createSharedRateLimitStore } from './auth/shared-rate-limit-store.js'
import { createSessionEnds } from './database/session-ends.js'
import { createTokenService } from './auth/tokens.js'
import { registerApiCors } from './http/cors.js'
import {
  DEADLINE_CHECK_INTERVAL_MS,
  HEADERS_DEADLINE_MS,
  REQUEST_DEADLINE_MS,
} from './http/connection-limits.js'
import {
  DEFAULT_STREAMS_PER_ADDRESS,
  deriveCapacity,
  FALLBACK_OPEN_FILES,
  readOpenFileLimit,
  type Capacity,
} from './http/capacity.js'
import { probeDatabase } from './http/database-unavailable.js'
import { createWorkQueue } from './http/work-queue.js'
import { openDatabase } from './database/open.js'
import {
  DEFAULT_AUDIT_READ_RETENTION_DAYS,
  DEFAULT_GUEST_CONTACT_RETENTION_DAYS,
  PRUNE_BATCH,
  GUEST_REPLAY_SECRET_RETENTION_HOURS,
  pruneInBatches,
  runHousekeeping,
} from './database/housekeeping.js'
import { seedDatabase } from './seed/seed-database.js'
import { getOrCreateTokenSecret } from './repositories/settings.js'
import { registerErrorHandling, sendFrameworkError } from './http/error-handler.js'
import { registerRequestDeadlines, requestDeadlines } from './http/request-deadlines.js'
import { ConciseLogController } from './http/logging.js'
import { resolveLogosDir } from './branding/logos.js'
import { migrateToLatest } from './database/migrate.js'
import type { AppDatabase } from './database/schema.js'
import { isPostgres } from './database/engine.js'
import { createAccessCodeRepository } from './repositories/access-codes.js'
import { createEmailLinkRepository } from './repositories/email-links.js'
import { createTermsRepository } from './repositories/terms.js'
import {
  createEmailAddressLimit,
  DEFAULT_JOIN_RATE_LIMITS,
  type JoinRateLimits,
} from './auth/join-rate-limits.js'
import { createMailer } from './mail/mailer.js'
import { registerJoinRoutes } from './routes/join.js'
import { registerTerminosRoutes } from './routes/terminos.js'
import { createAccountRepository } from './repositories/accounts.js'
import { createAuditLog, type Actor } from './repositories/audit-log.js'
import { createHospitalRepository } from './repositories/hospitals.js'
import { createLogoImageRepository } from './repositories/logo-images.js'
import { createRateLimitHitRepository } from './repositories/rate-limit-hits.js'
import { createAsistenciaRepository } from './repositories/asistencias.js'
import { createTicketRepository } from './repositories/tickets-diarios.js'
import { createImmediateCare } from './care/immediate-care.js'
import {
  DEFAULT_IMMEDIATE_CARE_RATE_LIMIT,
  registerAsistenciaInmediataRoute,
} from './routes/asistencia-inmediata.js'
import { createEventoRepository } from './repositories/eventos.js'
import { createFotoRepository } from './repositories/fotos.js'
import { createMensajeRepository } from './repositories/mensajes.js'
import { createLlamadaRepository } from './repositories/llamadas.js'
import { createSenalRepository } from './repositories/senales.js'
import { createPresenciaRepository } from './repositories/presencia.js'
import { createCallService } from './care/calls.js'
import { createCareService } from './care/care-service.js'
import type { RelaySettings } from './care/relay-credentials.js'
import { registerAsistenciasRoutes } from './routes/asistencias.js'
import { registerLlamadasRoutes } from './routes/llamadas.js'
import { registerAsistenciaFotosRoutes } from './routes/asistencia-fotos.js'
import { registerAsistenciaRegistroRoutes } from './routes/asistencia-registro.js'
import { createOwnLogoReader } from './branding/own-logo.js'
import { createConsultationRecords } from './care/consultation-record.js'
import { createGuestSummaryMail } from './care/guest-summary-mail.js'
import { registerAsistenciaMensajesRoutes } from './routes/asistencia-mensajes.js'
import { registerReferidosRoutes } from './routes/referidos.js'
import { registerPerfilRoutes } from './routes/perfil.js'
import { createDataExport, type ExportLimits } from './care/data-export.js'
import { registerProfesionalesRoute } from './routes/profesionales.js'
import { registerTableroRoutes } from './routes/tablero.js'
import { registerEventosRoute } from './routes/eventos.js'
import { createLiveEvents, DEFAULT_HEARTBEAT_MS, type LiveEvents } from './live/live-events.js'
import { createPresence } from './live/presence.js'
import { registerAdminAuditoriaRoute } from './routes/admin-auditoria.js'
import { registerAdminCuentasRoutes } from './routes/admin-cuentas.js'
import { registerAdminEspecialidadesRoutes } from './routes/admin-especialidades.js'
import { registerAdminFuncionamientoRoutes } from './routes/admin-funcionamiento.js'
import { createHospitalOperationRepository } from './repositories/hospital-operation.js'
import { createEspecialidadRepository } from './repositories/especialidades.js'
import { registerAdminQuioscosRoutes } from './routes/admin-quioscos.js'
import { registerSalaDeEsperaRoutes } from './routes/sala-de-espera.js'
import { createFrontDesk } from './care/front-desk.js'
import { createQuioscoRepository } from './repositories/quioscos.js'
import { registerAdminHospitalesRoutes } from './routes/admin-hospitales.js'
import { registerAdminLogoRoute } from './routes/admin-logo.js'
import { registerOpenApi, registerOpenApiRoute } from './routes/openapi.js'
import { API_DOCS_PREFIX, registerApiDocs } from './routes/api-docs.js'
import { registerRestablecerAccesoRoute } from './routes/restablecer-acceso.js'
import { registerUploadedLogosRoute } from './routes/uploaded-logos.js'
import { LOGO_MAX_BYTES } from './uploads/logo-image.js'
import { LOGIN_BODY_LIMIT, registerAuthRoutes } from './routes/auth.js'
import { registerHealthRoute } from './routes/health.js'
import { registerHospitalesRoute } from './routes/hospitales.js'
import { registerLogosRoute } from './routes/logos.js'
import { enforceRouteSchemas } from './http/route-policy.js'
import { registerManifestRoute } from './routes/manifest.js'
import { registerMeRoute } from './routes/me.js'
import {
  buildFallbackSecurityHeaders,
  buildHelmetOptions,
  PERMISSIONS_POLICY,
} from './http/security-headers.js'
import { readBaseManifest } from './branding/base-manifest.js'
import { registerTenantIconsRoute } from './routes/tenant-icons.js'
import { registerStaticApp } from './http/static.js'
import { readInlineScriptHashes } from './http/inline-scripts.js'
import { readTenantBranding } from './branding/tenant-branding.js'
import { createAvisoRepository } from './repositories/avisos-pendientes.js'
import { createSuscripcionRepository } from './repositories/suscripciones-push.js'
import { withPushAlerts } from './push/event-alerts.js'
import {
  createPushSender,
  DEFAULT_PUSH_SENDER_OPTIONS,
  type PushSenderOptions,
} from './push/push-sender.js'
import { getOrCreateVapidKeys, type VapidKeys } from './push/vapid-keys.js'
import { registerAvisosRoutes } from './routes/avisos.js'

/** Options of {@link buildApp}; everything but `distDir` has a production default. */
export interface BuildAppOptions {
  /** Absolute path of the built app (`dist/`); it may lack index.html (navigations get a 503). */
  distDir: string
  /** SQLite file or `:memory:` (default). Ignored when `databaseUrl` or `database` is given. */
  dbPath?: string
  /** `postgres://…`: use that PostgreSQL database instead of SQLite. Ignored with `database`. */
  databaseUrl?: string
  /** An open database owned by the caller (it is not closed with the app). */
  database?: AppDatabase
  /** Directory of the tenant logos; defaults to `server/logos`. */
  logosDir?: string
  /** Run-time API base URL for the app (validated, no trailing slash); empty = same origin. */
  apiBaseUrl?: string
  /** Token signing secret; by default one is generated and kept in the database. */
  tokenSecret?: string
  tokenTtlSeconds?: number
  /** Demo accounts exist only in demo mode (default on). */
  demoMode?: boolean
  loginRateLimits?: { perIp?: Partial<RateLimitWindow>; perAccount?: Partial<RateLimitWindow> }
  /** Password checks running and waiting at once; beyond that sign-in answers 503. */
  passwordCheckLimits?: Partial<PasswordCheckLimits>
  /** scrypt cost for new hashes; tests lower it to stay fast. */
  scryptParams?: ScryptParams
  /** Clock in milliseconds, for token issue and expiry. */
  now?: () => number
  /** Fastify logger; off by default. */
  logger?: FastifyServerOptions['logger']
  trustProxy?: boolean | string
  /** Calls' relay and STUN servers (`TURN_URLS`, `TURN_SECRET`, `STUN_URLS`); none by default. */
  relay?: RelaySettings
  /** Outgoing email: `SMTP_URL`, `MAIL_FROM`, and `PUBLIC_URL` for the links in messages. */
  mail?: {
    smtpUrl?: string
    from?: string
    publicUrl?: string
    /** Waits before each new attempt at a guest's summary email; tests shorten them. */
    summaryRetryDelaysMs?: readonly number[]
  }
  /** Limits of registration and of the requests that send a link by email. */
  joinRateLimits?: Partial<JoinRateLimits>
  /** Immediate care requests accepted from one client address within a window. */
  immediateCareRateLimit?: Partial<RateLimitWindow>
  /**
   * How long a client may take to send one request; an upload's stall window and ceiling follow
   * from it (see `http/connection-limits.ts`). Tests shorten it.
   */
  requestDeadlineMs?: number
  /** How often this instance expires requests nobody took in time; 0 turns the sweep off. */
  careSweepIntervalMs?: number
  /** Heartbeat of the live event streams (comment lines, presence, session checks). */
  liveHeartbeatMs?: number
  /** Web Push: see {@link PushOptions}. */
  push?: PushOptions
  /** Days a staff member's read of a patient's request stays in the audit log. */
  auditReadRetentionDays?: number
  /** Days after its request closes that the contact of someone without an account is kept. */
  guestContactRetentionDays?: number
  /**
   * Connections and live streams this instance holds; by default derived from the process's
   * open-file limit (see `http/capacity.ts`).
   */
  capacity?: Capacity
  /** Live streams one client address may hold (`LIVE_STREAMS_PER_ADDRESS`). */
  liveStreamsPerAddress?: number
  /** Open requests one patient may have at once (`MAX_OPEN_REQUESTS`). */
  maxOpenRequests?: number
  /** Limits of "Descargar mis datos"; the contract's by default (tests lower them). */
  exportLimits?: Partial<ExportLimits>
}

/** Web Push settings (docs/push.md). */
export interface PushOptions {
  /** `VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY`; by default a pair is generated and kept in the database. */
  vapid?: VapidKeys
  /** `VAPID_SUBJECT`: a `mailto:` or `https:` contact for the push services. */
  subject?: string
  /** `PUSH_SERVICE_ORIGINS`: push-service origins allowed besides the browsers' own. */
  extraOrigins?: readonly string[]
  /** Sender tuning (timeouts, polling, backoff); tests shorten them. */
  sender?: Partial<Omit<PushSenderOptions, 'subject' | 'extraOrigins'>>
  /** The sender's HTTP client; `fetch` by default. */
  fetch?: typeof fetch
}

/** VAPID contact used when `VAPID_SUBJECT` is not set. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:avisos@clinica.invalid'

/** Live events are kept this long for reconnecting streams to catch up from. */
const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

const DEFAULT_CARE_SWEEP_INTERVAL_MS = 15_000

/** Sender of the server's emails when `MAIL_FROM` is not set. */
export const DEFAULT_MAIL_FROM = 'Clínica <no-responder@clinica.invalid>'

const DEFAULT_TOKEN_TTL_SECONDS = 28_800

// Text formats worth compressing; images and fonts are already compressed.
const COMPRESSIBLE_TYPES =
  /^(?:text\/(?:html|css|javascript|plain|xml)|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml)(?:;|$)/

function mergeLimits(overrides: BuildAppOptions['loginRateLimits']): LoginRateLimits {
  return {
    perIp: { ...DEFAULT_LOGIN_RATE_LIMITS.perIp, ...overrides?.perIp },
    perAccount: { ...DEFAULT_LOGIN_RATE_LIMITS.perAccount, ...overrides?.perAccount },
  }
}

/**
 * Every `intervalMs`, on every instance: expires requests nobody took in time (a conditional
 * update, so each expires once however many instances sweep at the same moment), forgets the
 * presence of instances that stopped beating, and prunes old live events.
 */
function startCareSweep(app: FastifyInstance, sweep: () => Promise<void>, intervalMs: number) {
  if (intervalMs <= 0) return
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => {
      app.log.warn({ err: error }, 'care sweep failed')
    })
  }, intervalMs)
  timer.unref()
  app.addHook('onClose', () => {
    clearInterval(timer)
  })
}

/**
 * Builds the reference server: the JSON API under /api/, tenant manifests and logos, and the
 * built app with its SPA fallback. The schema and demo data are created on the way (idempotent).
 * Resolves to a ready instance: call `listen()`, or `inject()` in tests.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const apiBaseUrl = options.apiBaseUrl ?? ''
  const scryptParams = options.scryptParams ?? DEFAULT_SCRYPT_PARAMS
  const ownsDatabase = options.database === undefined
  // The logger exists once the app does; a connection may break before, while migrating.
  let log: FastifyBaseLogger | undefined
  const db =
    options.database ??
    openDatabase(
      options.databaseUrl === undefined
        ? { engine: 'sqlite', path: options.dbPath ?? ':memory:' }
        : { engine: 'postgres', url: options.databaseUrl },
      {
        onConnectionError: (error) => {
          log?.warn({ cause: error.message }, 'database connection lost')
        },
      },
    )
  const now = options.now ?? Date.now

  try {
    await migrateToLatest(db)
    await seedDatabase(db, { demoMode: options.demoMode ?? true, scryptParams })
    const tokens = createTokenService({
      secret: options.tokenSecret ?? (await getOrCreateTokenSecret(db)),
      ttlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
      now: options.now,
    })
    // Same parameters as real hashes, so an unknown email costs exactly as much as a known one.
    const dummyPasswordHash = await hashPassword(randomBytes(16).toString('hex'), scryptParams)
    const fallbackHeaders = buildFallbackSecurityHeaders(apiBaseUrl)
    const deadlines = requestDeadlines(options.requestDeadlineMs ?? REQUEST_DEADLINE_MS)

    const app = Fastify({
      logger: options.logger ?? false,
      logController: new ConciseLogController(),
      trustProxy: options.trustProxy ?? false,
      bodyLimit: LOGIN_BODY_LIMIT,
      // Node's own deadline is the ceiling of every connection; routes get theirs from a hook.
      requestTimeout: deadlines.uploadMs,
      http: {
        headersTimeout: Math.min(HEADERS_DEADLINE_MS, deadlines.requestMs),
        connectionsCheckingInterval: DEADLINE_CHECK_INTERVAL_MS,
      },
      // Validation must reject, not repair: no type coercion, no silent removal of fields.
      ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
      // Undecodable URLs are answered before any hook runs, so they get headers by hand.
      frameworkErrors: (error, request, reply) => {
        sendFrameworkError(error, request, reply, fallbackHeaders)
      },
    })
    log = app.log
    const capacity = options.capacity ?? deriveCapacity(readOpenFileLimit() ?? FALLBACK_OPEN_FILES)
    app.server.maxConnections = capacity.maxConnections
    if (ownsDatabase) app.addHook('onClose', () => db.destroy())
    // Before the route policy: its preflight route takes no input, see registerApiCors.
    await registerApiCors(app)
    // Before any other plugin or route: every route declared from here on must validate its input.
    enforceRouteSchemas(app, { docsPrefix: API_DOCS_PREFIX })

    registerErrorHandling(app)
    registerRequestDeadlines(app, deadlines)
    // Only JSON bodies exist here; without the text parser a text/plain body is a clean 400.
    app.removeContentTypeParser('text/plain')
    await app.register(
      fastifyHelmet,
      buildHelmetOptions(apiBaseUrl, readInlineScriptHashes(options.distDir)),
    )
    // On the raw response, as helmet writes its own: a hashed asset drops it with theirs.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY)
      done()
    })
    // Registered before the routes: both plugins attach to routes as they are declared.
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE_TYPES,
      // Bodies are tiny JSON; accepting compressed uploads would only invite zip bombs.
      globalDecompression: false,
    })
    // On PostgreSQL several instances may share the database, so they share the sign-in
    // counters there too; a single SQLite instance counts in memory.
    await app.register(fastifyRateLimit, {
      global: false,
      ...(isPostgres(db)
        ? { store: createSharedRateLimitStore(createRateLimitHitRepository(db)) }
        : {}),
    })
    // One file per request, nothing else: the logo upload is the only multipart route.
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    })
    await registerOpenApi(app)
    await registerApiDocs(app)
    registerApiNoStoreDefault(app)

    const audit = createAuditLog(db, now)
    // A person whose sessions end leaves their calls in the same transaction. Calls are built
    // below with the care services; a session end reaches them when it happens.
    const sessionEnds = createSessionEnds<Actor>((trx, ended, by) =>
      calls.endWithSessions(trx, ended, by),
    )
    const hospitals = createHospitalRepository(db, audit, sessionEnds)
    const accounts = createAccountRepository(db, audit, now, sessionEnds)
    const accessCodes = createAccessCodeRepository(db, now)
    const logoImages = createLogoImageRepository(db, now)
    const guards = createAdminGuards({ tokens, accounts })
    const loginLimits = mergeLimits(options.loginRateLimits)
    const logosDir = options.logosDir ?? resolveLogosDir()
    registerOpenApiRoute(app)
    registerHealthRoute(app, { checkDatabase: () => probeDatabase(db) })
    registerHospitalesRoute(app, { hospitals })
    // Shared by sign-in and every route that asks for the account's password again.
    const accountThrottle = createAccountSignInThrottle(
      createRateLimitHitRepository(db, now),
      loginLimits.perAccount,
      now,
    )
    const passwordChecks = createWorkQueue({
      ...DEFAULT_PASSWORD_CHECK_LIMITS,
      ...options.passwordCheckLimits,
    })
    registerAuthRoutes(app, {
      accounts,
      tokens,
      limits: loginLimits,
      accountThrottle,
      dummyPasswordHash,
      passwordChecks,
    })
    registerRestablecerAccesoRoute(app, {
      accounts,
      accessCodes,
      scryptParams,
      rateLimit: loginLimits.perIp,
    })
    const terms = createTermsRepository(db, audit, now)
    registerMeRoute(app, { accounts, tokens, terms })
    const demoMode = options.demoMode ?? true
    const mailer = createMailer({
      smtpUrl: options.mail?.smtpUrl,
      from: options.mail?.from ?? DEFAULT_MAIL_FROM,
      demoMode,
      log: app.log,
    })
    app.addHook('onClose', () => mailer.drain())
    const links = createEmailLinkRepository(db, now)
    const joinLimits = { ...DEFAULT_JOIN_RATE_LIMITS, ...options.joinRateLimits }
    // One count per address for every email the server sends, asked for or not (joining,
    // invitations, a guest's summary).
    const addressLimit = createEmailAddressLimit(app, 'correo', joinLimits.perEmail)
    registerJoinRoutes(app, {
      hospitals,
      accounts,
      links,
      terms,
      tokens,
      mailer,
      publicUrl: options.mail?.publicUrl,
      scryptParams,
      limits: joinLimits,
      addressLimit,
    })
    registerTerminosRoutes(app, { accounts, tokens, guards, hospitals, terms })
    registerAdminHospitalesRoutes(app, { guards, hospitals })
    registerAdminLogoRoute(app, { guards, hospitals, logos: logoImages })
    registerAdminCuentasRoutes(app, {
      guards,
      hospitals,
      accounts,
      accessCodes,
      scryptParams,
      links,
      mailer,
      publicUrl: options.mail?.publicUrl,
      perEmail: addressLimit.preHandler,
    })
    const especialidades = createEspecialidadRepository(db, audit)
    registerAdminEspecialidadesRoutes(app, { guards, hospitals, especialidades })
    registerAdminFuncionamientoRoutes(app, {
      guards,
      hospitals,
      operation: createHospitalOperationRepository(db, audit, now),
    })
    const quioscos = createQuioscoRepository(db, audit, now)
    registerAdminQuioscosRoutes(app, { guards, hospitals, quioscos })
    registerAdminAuditoriaRoute(app, { guards, audit })
    const session = { tokens, accounts }
    const asistencias = createAsistenciaRepository(db)
    const mensajes = createMensajeRepository(db)
    const suscripciones = createSuscripcionRepository(db, now)
    const avisos = createAvisoRepository(db, now)
    // Every event also writes its push alerts, in its own transaction (docs/push.md).
    const eventos = withPushAlerts(createEventoRepository(db, now), {
      avisos,
      suscripciones,
      now,
    })
    const presencia = createPresenciaRepository(db)
    // The service publishes through the live events, which render records through the service:
    // the callback reads `live` only when a change is published, once everything is built.
    const onPublished = (tenant: string) => {
      live.published(tenant)
      void pushSender.wake()
    }
    const llamadas = createLlamadaRepository(db)
    const senales = createSenalRepository(db)
    const calls = createCallService({
      db,
      asistencias,
      llamadas,
      senales,
      eventos,
      audit,
      now,
      onPublished,
    })
    const extraPushOrigins = options.push?.extraOrigins ?? []
    const vapid = options.push?.vapid ?? (await getOrCreateVapidKeys(db))
    const pushSender = createPushSender(
      {
        avisos,
        suscripciones,
        hospitalName: async (tenant) => (await hospitals.findByTenant(tenant))?.nombre ?? 'Clínica',
        vapid,
        now,
        fetch: options.push?.fetch,
        onError: (error) => {
          app.log.warn({ err: error }, 'push alerts')
        },
      },
      {
        ...DEFAULT_PUSH_SENDER_OPTIONS,
        ...options.push?.sender,
        subject: options.push?.subject ?? DEFAULT_VAPID_SUBJECT,
        extraOrigins: extraPushOrigins,
      },
    )
    pushSender.start()
    app.addHook('preClose', () => pushSender.stop())
    const guestSummaries = createGuestSummaryMail({
      mailer,
      hospitals,
      addressLimit,
      log: app.log,
      retryDelaysMs: options.mail?.summaryRetryDelaysMs,
    })
    app.addHook('preClose', () => {
      guestSummaries.stop()
    })
    const care = createCareService({
      db,
      asistencias,
      mensajes,
      fotos: createFotoRepository(db),
      eventos,
      hospitals,
      accounts,
      especialidades,
      audit,
      calls,
      maxOpenRequests: options.maxOpenRequests ?? MAX_SOLICITUDES_ABIERTAS,
      presencia,
      now,
      onPublished,
      onFinished: (view) => {
        guestSummaries.sendFor(view)
      },
    })
    const presence = createPresence({
      db,
      presencia,
      eventos,
      now,
      onPublished,
      onError: (error) => {
        app.log.warn({ err: error }, 'presence batch')
      },
    })
    const live: LiveEvents = createLiveEvents({
      db,
      databaseUrl: options.databaseUrl,
      eventos,
      asistencias,
      mensajes,
      llamadas,
      senales,
      describe: care.describe,
      accounts,
      sessionEnds,
      presence,
      now,
      heartbeatMs: options.liveHeartbeatMs ?? DEFAULT_HEARTBEAT_MS,
      limits: {
        perInstance: capacity.maxStreams,
        perAddress: options.liveStreamsPerAddress ?? DEFAULT_STREAMS_PER_ADDRESS,
      },
      onError: (error) => {
        app.log.warn({ err: error }, 'live events')
      },
    })
    // Before the server stops accepting: open streams would otherwise hold its closing forever.
    app.addHook('preClose', () => live.stop())
    registerAsistenciaInmediataRoute(app, {
      immediate: createImmediateCare({
        db,
        asistencias,
        eventos,
        tickets: createTicketRepository(),
        quioscos,
        hospitals,
        accounts,
        terms,
        tokens,
        describe: care.describe,
        now,
        onPublished,
      }),
      rateLimit: { ...DEFAULT_IMMEDIATE_CARE_RATE_LIMIT, ...options.immediateCareRateLimit },
    })
    registerAsistenciasRoutes(app, { session, care, asistencias, hospitals, terms, now })
    registerSalaDeEsperaRoutes(app, {
      session,
      frontDesk: createFrontDesk({ db, asistencias, hospitals, now }),
    })
    registerAsistenciaMensajesRoutes(app, { session, care })
    registerAsistenciaFotosRoutes(app, { session, care })
    registerAsistenciaRegistroRoutes(app, {
      session,
      records: createConsultationRecords({
        care,
        asistencias,
        mensajes,
        llamadas,
        hospitals,
        now,
      }),
      readOwnLogo: createOwnLogoReader({ logos: logoImages, logosDir }),
    })
    registerReferidosRoutes(app, { session, care })
    registerPerfilRoutes(app, {
      session,
      accounts,
      hospitals,
      links,
      audit,
      dataExport: createDataExport({
        db,
        asistencias,
        mensajes,
        hospitals,
        now,
        limits: options.exportLimits,
      }),
      tokens,
      mailer,
      publicUrl: options.mail?.publicUrl,
      scryptParams,
      addressLimit,
      accountThrottle,
      passwordChecks,
      now,
    })
    registerLlamadasRoutes(app, {
      session,
      calls,
      relay: options.relay ?? { turnUrls: [], turnSecret: undefined, stunUrls: [] },
      now,
    })
    registerProfesionalesRoute(app, {
      session,
      accounts,
      especialidades,
      hospitals,
      presencia,
      asistencias,
      now,
    })
    registerTableroRoutes(app, {
      session,
      guards,
      care,
      accounts,
      asistencias,
      hospitals,
      presencia,
      now,
    })
    registerEventosRoute(app, { session, live })
    registerAvisosRoutes(app, {
      session,
      suscripciones,
      publicKey: vapid.publicKey,
      extraOrigins: extraPushOrigins,
      onSubscribed: () => void pushSender.wake(),
    })
    startCareSweep(
      app,
      async () => {
        await care.expireDue()
        await calls.sweep()
        await presence.purgeExpired()
        await avisos.pruneBefore(new Date(now()).toISOString())
        const before = (ms: number) => new Date(now() - ms).toISOString()
        const auditReadRetentionDays =
          options.auditReadRetentionDays ?? DEFAULT_AUDIT_READ_RETENTION_DAYS
        const guestContactRetentionDays =
          options.guestContactRetentionDays ?? DEFAULT_GUEST_CONTACT_RETENTION_DAYS
        await runHousekeeping(db, [
          {
            name: 'eventos',
            run: () =>
              pruneInBatches((afterId) =>
                eventos.pruneBatch(before(EVENT_RETENTION_MS), PRUNE_BATCH, afterId),
              ),
          },
          {
            name: 'lecturas auditadas',
            run: () =>
              pruneInBatches((afterId) =>
                audit.pruneStaffReads(
                  before(auditReadRetentionDays * DAY_MS),
                  PRUNE_BATCH,
                  afterId,
                ),
              ),
          },
          {
            name: 'contactos de invitados',
            run: () =>
              pruneInBatches(async (afterId) => {
                const forgotten = await asistencias.forgetContacts(
                  before(guestContactRetentionDays * DAY_MS),
                  PRUNE_BATCH,
                )
                return { deleted: forgotten, nextAfterId: afterId, done: forgotten < PRUNE_BATCH }
              }),
          },
          {
            name: 'secretos de invitados',
            run: () =>
              pruneInBatches(async (afterId) => {
                const forgotten = await asistencias.forgetGuestSecrets(
                  before(GUEST_REPLAY_SECRET_RETENTION_HOURS * HOUR_MS),
                  PRUNE_BATCH,
                )
                return { deleted: forgotten, nextAfterId: afterId, done: forgotten < PRUNE_BATCH }
              }),
          },
        ])
      },
      options.careSweepIntervalMs ?? DEFAULT_CARE_SWEEP_INTERVAL_MS,
    )
    registerManifestRoute(app, { hospitals, baseManifest: readBaseManifest(options.distDir) })
    const logoBaseUrl = (request: FastifyRequest) =>
      apiBaseUrl || `${request.protocol}://${request.host}`
    const readBranding = (tenant: string, request: FastifyRequest) =>
      readTenantBranding(hospitals, tenant, logoBaseUrl(request))
    registerTenantIconsRoute(app, { readBranding, logoBaseUrl, logos: logoImages, logosDir })
    await registerStaticApp(app, { distDir: options.distDir, apiBaseUrl, readBranding })
    registerUploadedLogosRoute(app, { logos: logoImages })
    registerLogosRoute(app, { logosDir })

    await app.ready()
    return await app
  } catch (error) {
    if (ownsDatabase) await db.destroy()
    throw error
  }
}
