import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createTokenService, readBearerToken } from './tokens.js'

const SECRET = 'a-test-secret-that-is-long-enough-000'
const SUBJECT = { sub: '7', tenant: 'hospital-central', rol: 'cliente', gen: 3 }

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

describe('token service', () => {
  it('issues a JWT-compatible HS256 token that verifies', async () => {
    const service = createTokenService({ secret: SECRET, ttlSeconds: 60, now: () => 1_000_000 })
    const token = await service.issue(SUBJECT)
    const [header, payload] = token.split('.')
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    })
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toEqual({
      ...SUBJECT,
      iat: 1000,
      exp: 1060,
    })
    expect(await service.verify(token)).toEqual({
      ok: true,
      claims: { ...SUBJECT, iat: 1000, exp: 1060 },
    })
  })

  it('refuses a token once it has expired', async () => {
    let now = 1_000_000
    const service = createTokenService({ secret: SECRET, ttlSeconds: 60, now: () => now })
    const token = await service.issue(SUBJECT)
    now += 59_000
    expect((await service.verify(token)).ok).toBe(true)
    now += 1_000
    expect(await service.verify(token)).toEqual({ ok: false, reason: 'expired' })
  })

  it('refuses a token issued more than a minute in the future (a clock or a forger ahead)', async () => {
    let now = 1_000_000
    const issuer = createTokenService({ secret: SECRET, ttlSeconds: 600, now: () => now })
    const fromTheFuture = await issuer.issue(SUBJECT)
    const later = await issuer.issue(SUBJECT)
    now -= 61_000
    expect(await issuer.verify(fromTheFuture)).toEqual({ ok: false, reason: 'malformed' })
    now += 2_000
    expect((await issuer.verify(later)).ok).toBe(true)
  })

  it('refuses a token signed with another secret', async () => {
    const token = await createTokenService({ secret: 'another-secret', ttlSeconds: 60 }).issue(
      SUBJECT,
    )
    const service = createTokenService({ secret: SECRET, ttlSeconds: 60 })
    expect(await service.verify(token)).toEqual({ ok: false, reason: 'bad_signature' })
  })

  it('refuses a token whose payload was edited', async () => {
    const service = createTokenService({ secret: SECRET, ttlSeconds: 60 })
    const [header, , signature] = (await service.issue(SUBJECT)).split('.')
    const forged = encode({ ...SUBJECT, rol: 'admin', iat: 1, exp: 9_999_999_999 })
    expect(await service.verify(`${header}.${forged}.${signature}`)).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
  })

  it('refuses alg "none" and other headers', async () => {
    const service = createTokenService({ secret: SECRET, ttlSeconds: 60 })
    const payload = encode({ ...SUBJECT, iat: 1, exp: 9_999_999_999 })
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`
    expect((await service.verify(none)).ok).toBe(false)
    const hs512Input = `${encode({ alg: 'HS512', typ: 'JWT' })}.${payload}`
    const hs512 = `${hs512Input}.${createHmac('sha512', SECRET).update(hs512Input).digest('base64url')}`
    expect(await service.verify(hs512)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('refuses a correctly signed payload that lacks claims', async () => {
    const service = createTokenService({ secret: SECRET, ttlSeconds: 60 })
    const input = `${(await service.issue(SUBJECT)).split('.')[0] ?? ''}.${encode({ sub: 7 })}`
    const token = `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`
    expect(await service.verify(token)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('reads a token issued before session generations as generation 0, and refuses a bad one', async () => {
    const service = createTokenService({ secret: SECRET, ttlSeconds: 60, now: () => 1_000_000 })
    const header = (await service.issue(SUBJECT)).split('.')[0] ?? ''
    const sign = (claims: object) => {
      const input = `${header}.${encode(claims)}`
      return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`
    }
    const { sub, tenant, rol } = SUBJECT
    const withoutGeneration = { sub, tenant, rol, iat: 1000, exp: 1060 }
    expect(await service.verify(sign(withoutGeneration))).toEqual({
      ok: true,
      claims: { ...withoutGeneration, gen: 0 },
    })
    for (const gen of [-1, 1.5, '3']) {
      expect(await service.verify(sign({ ...withoutGeneration, gen }))).toEqual({
        ok: false,
        reason: 'malformed',
      })
    }
  })

  it.each(['', 'abc', 'a.b', 'a.b.c.d', 'a.b.c!', 'x'.repeat(5000)])(
    'refuses the malformed token %#',
    async (token) => {
      const service = createTokenService({ secret: SECRET, ttlSeconds: 60 })
      expect(await service.verify(token)).toEqual({ ok: false, reason: 'malformed' })
    },
  )
})

describe('readBearerToken', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc.def.ghi', 'abc.def.ghi'],
    ['Bearer   abc ', 'abc'],
    [undefined, undefined],
    ['', undefined],
    ['abc.def.ghi', undefined],
    ['Basic dXNlcjpwdw==', undefined],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
  ])('reads %j as %j', (header, expected) => {
    expect(readBearerToken(header)).toBe(expected)
  })
})
