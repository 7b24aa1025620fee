import { describe, expect, it } from 'vitest'
import { ConfigError, parseApiBaseUrl, readConfig } from './config.js'
import { MAX_SOLICITUDES_ABIERTAS } from '../src/contract/care.js'

describe('readConfig', () => {
  it('uses the documented defaults, resolving paths from the working directory', () => {
    const config = readConfig({}, '/srv/app')
    expect(config).toEqual({
      port: 4173,
      host: '127.0.0.1',
      dbPath: '/srv/app/data/clinica.sqlite',
      databaseUrl: undefined,
      distDir: '/srv/app/dist',
      apiBaseUrl: '',
      tokenSecret: undefined,
      tokenTtlSeconds: 28_800,
      demoMode: true,
      loginRateLimits: {
        perIp: { max: 20, timeWindowMs: 60_000 },
        perAccount: { max: 10, timeWindowMs: 900_000 },
      },
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: undefined,
      // Demo mode: the links in emails lead to this server.
      publicUrl: 'http://127.0.0.1:4173',
      // No relay: calls go peer to peer only.
      relay: { turnUrls: [], turnSecret: undefined, stunUrls: [] },
      push: { vapid: undefined, subject: undefined, extraOrigins: [] },
      auditReadRetentionDays: 730,
      guestContactRetentionDays: 30,
      liveStreamsMax: undefined,
      liveStreamsPerAddress: 300,
      maxOpenRequests: MAX_SOLICITUDES_ABIERTAS,
    })
  })

  it('reads the Web Push settings, both VAPID keys or neither', () => {
    const vapid = {
      publicKey:
        'BKmDlVL6Fh1eKpDMYPDQbMv3GzQ3EVPzbg0xRNJZyuSdXifa0weUK3VPOixiwEHOKEkwSYKbUCjoVEJt9dNHz5E',
      privateKey: '4DuCwJl2OL4TcoAArnCPYbZcZVnpPQTtvQCZgufiDZ4',
    }
    expect(
      readConfig({
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:it@hospital.example',
        PUSH_SERVICE_ORIGINS: 'https://push.hospital.example',
      }).push,
    ).toEqual({
      vapid,
      subject: 'mailto:it@hospital.example',
      extraOrigins: ['https://push.hospital.example'],
    })
    expect(() => readConfig({ VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(/VAPID_PRIVATE_KEY/)
    expect(() => readConfig({ VAPID_SUBJECT: 'http://x.example' })).toThrow(/VAPID_SUBJECT/)
    expect(() => readConfig({ PUSH_SERVICE_ORIGINS: 'http://push.example' })).toThrow(ConfigError)
  })

  it('reads every variable', () => {
    const config = readConfig(
      {
        PORT: '4199',
        HOST: '0.0.0.0',
        DB_PATH: ':memory:',
        DATABASE_URL: ' postgres://clinica:secreto@db.internal:5432/clinica ',
        DIST_DIR: 'build/web',
        API_BASE_URL: 'https://api.example.com/',
        TOKEN_SECRET: 'x'.repeat(32),
        TOKEN_TTL_SECONDS: '600',
        DEMO_MODE: 'false',
        LOGIN_RATE_LIMIT: '5',
        LOGIN_ACCOUNT_RATE_LIMIT: '3',
        TRUST_PROXY: 'loopback',
        SMTP_URL: 'smtps://correo:secreto@smtp.example.com:465',
        MAIL_FROM: 'Clínica <avisos@example.com>',
        PUBLIC_URL: 'https://clinica.example.com/',
        TURN_URLS: 'turn:turn.example.com:3478?transport=udp, turns:turn.example.com:5349',
        TURN_SECRET: 'secreto-del-rele',
        STUN_URLS: 'stun:turn.example.com:3478',
        AUDIT_READ_RETENTION_DAYS: '365',
        GUEST_CONTACT_RETENTION_DAYS: '7',
        LIVE_STREAMS_MAX: '500',
        LIVE_STREAMS_PER_ADDRESS: '40',
        MAX_OPEN_REQUESTS: '10',
      },
      '/srv/app',
    )
    expect(config).toMatchObject({
      port: 4199,
      host: '0.0.0.0',
      dbPath: ':memory:',
      databaseUrl: 'postgres://clinica:secreto@db.internal:5432/clinica',
      distDir: '/srv/app/build/web',
      apiBaseUrl: 'https://api.example.com',
      tokenSecret: 'x'.repeat(32),
      tokenTtlSeconds: 600,
      demoMode: false,
      trustProxy: 'loopback',
      smtpUrl: 'smtps://correo:secreto@smtp.example.com:465',
      mailFrom: 'Clínica <avisos@example.com>',
      publicUrl: 'https://clinica.example.com',
      relay: {
        turnUrls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
        turnSecret: 'secreto-del-rele',
        stunUrls: ['stun:turn.example.com:3478'],
      },
      auditReadRetentionDays: 365,
      guestContactRetentionDays: 7,
      liveStreamsMax: 500,
      liveStreamsPerAddress: 40,
      maxOpenRequests: 10,
    })
    expect(config.loginRateLimits.perIp.max).toBe(5)
    expect(config.loginRateLimits.perAccount.max).toBe(3)
  })

  it.each(['0', 'false', 'off', 'NO'])('turns demo mode off with DEMO_MODE=%s', (value) => {
    expect(readConfig({ DEMO_MODE: value }).demoMode).toBe(false)
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['TOKEN_TTL_SECONDS', '-5'],
    ['LOGIN_RATE_LIMIT', '0'],
    // The setting raises the contract's limit of open requests, never lowers it.
    ['MAX_OPEN_REQUESTS', String(MAX_SOLICITUDES_ABIERTAS - 1)],
    ['DEMO_MODE', 'maybe'],
    ['TOKEN_SECRET', 'too-short'],
    ['API_BASE_URL', 'ftp://example.com'],
    ['DATABASE_URL', 'mysql://db.internal/clinica'],
    ['TURN_URLS', 'https://turn.example.com'],
    ['STUN_URLS', 'turn:turn.example.com'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => readConfig({ [name]: value })).toThrow(name)
  })
})

describe('the relay of calls', () => {
  it('needs TURN_SECRET with TURN_URLS, and names both', () => {
    expect(() => readConfig({ TURN_URLS: 'turn:127.0.0.1:3478' })).toThrow(/TURN_URLS.*TURN_SECRET/)
  })
})

describe('DATABASE_URL', () => {
  it('accepts the postgresql:// spelling too', () => {
    expect(readConfig({ DATABASE_URL: 'postgresql:///clinica?host=/run/pg' }).databaseUrl).toBe(
      'postgresql:///clinica?host=/run/pg',
    )
  })

  it('never repeats the refused value, which may hold a password', () => {
    const refusal = (() => {
      try {
        readConfig({ DATABASE_URL: 'mysql://root:s3creto@db/clinica' })
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(ConfigError)
    expect((refusal as ConfigError).message).toContain('DATABASE_URL')
    expect((refusal as ConfigError).message).not.toContain('s3creto')
  })
})

describe('parseApiBaseUrl', () => {
  it.each([
    [undefined, ''],
    ['', ''],
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/v1/', 'https://api.example.com/v1'],
    ['http://localhost:4174', 'http://localhost:4174'],
    ['/backend/', '/backend'],
  ])('accepts %s as %s', (raw, expected) => {
    expect(parseApiBaseUrl(raw)).toBe(expected)
  })

  it.each([
    'javascript:alert(1)',
    '//evil.example',
    'https://user:pw@api.example.com',
    'https://api.example.com/?x=1',
    'not a url',
  ])('refuses %s', (raw) => {
    expect(() => parseApiBaseUrl(raw)).toThrow(ConfigError)
  })

  it('has no public address outside demo mode unless PUBLIC_URL names one', () => {
    expect(readConfig({ DEMO_MODE: 'false' }).publicUrl).toBeUndefined()
    expect(readConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
  })

  it.each([
    ['SMTP_URL', 'http://smtp.example.com'],
    ['SMTP_URL', 'no es una url'],
    ['PUBLIC_URL', 'ftp://clinica.example.com'],
    ['PUBLIC_URL', 'https://clinica.example.com/?x=1'],
    ['PUBLIC_URL', 'https://usuario:clave@clinica.example.com'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError)
  })
})
