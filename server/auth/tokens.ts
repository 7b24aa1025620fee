import { createHmac, timingSafeEqual } from 'node:crypto'

/** What a session token asserts (JWT registered claims `sub`, `iat`, `exp`, in seconds). */
export interface TokenClaims {
  sub: string
  tenant: string
  rol: string
  iat: number
  exp: number
}

/** Why a token was refused; the API maps every reason to a 401. */
export type TokenFailure = 'malformed' | 'bad_signature' | 'expired'

export type TokenVerification =
  { ok: true; claims: TokenClaims } | { ok: false; reason: TokenFailure }

/** Issues and verifies HS256 tokens in the JWT compact format. */
export interface TokenService {
  issue(subject: { sub: string; tenant: string; rol: string }): string
  verify(token: string): TokenVerification
}

export interface TokenServiceOptions {
  secret: string
  ttlSeconds: number
  /** Current time in milliseconds; injectable so tests can expire a token. */
  now?: () => number
}

// The header is fixed: accepting only this exact segment rules out `alg: none` and algorithm
// confusion, the classic JWT pitfalls, without parsing it.
const HEADER_SEGMENT = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString(
  'base64url',
)
const MAX_TOKEN_LENGTH = 2048
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/
// Tolerated clock difference for `iat` in the future (several server instances).
const CLOCK_SKEW_SECONDS = 60

function isClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false
  const claims = value as Record<string, unknown>
  return (
    typeof claims.sub === 'string' &&
    typeof claims.tenant === 'string' &&
    typeof claims.rol === 'string' &&
    Number.isSafeInteger(claims.iat) &&
    Number.isSafeInteger(claims.exp)
  )
}

/** Creates the token service. Tokens carry `{ sub, tenant, rol, iat, exp }`, signed with HMAC-SHA256. */
export function createTokenService({
  secret,
  ttlSeconds,
  now = Date.now,
}: TokenServiceOptions): TokenService {
  const sign = (signingInput: string) => createHmac('sha256', secret).update(signingInput).digest()
  const nowSeconds = () => Math.floor(now() / 1000)

  return {
    issue({ sub, tenant, rol }) {
      const iat = nowSeconds()
      const claims: TokenClaims = { sub, tenant, rol, iat, exp: iat + ttlSeconds }
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
      const signingInput = `${HEADER_SEGMENT}.${payload}`
      return `${signingInput}.${sign(signingInput).toString('base64url')}`
    },

    verify(token) {
      if (token.length > MAX_TOKEN_LENGTH || !TOKEN_SHAPE.test(token)) {
        return { ok: false, reason: 'malformed' }
      }
      const [header = '', payload = '', signature = ''] = token.split('.')
      if (header !== HEADER_SEGMENT) return { ok: false, reason: 'malformed' }

      const given = Buffer.from(signature, 'base64url')
      // Decoding ignores the spare bits of the last character, so several strings decode to the
      // same signature; only the canonical one is accepted: one token, one spelling.
      if (given.toString('base64url') !== signature) return { ok: false, reason: 'malformed' }
      const expected = sign(`${header}.${payload}`)
      // timingSafeEqual needs equal lengths; the length of a signature is not a secret.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'bad_signature' }
      }

      let claims: unknown
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
      } catch {
        return { ok: false, reason: 'malformed' }
      }
      if (!isClaims(claims)) return { ok: false, reason: 'malformed' }

      const current = nowSeconds()
      if (claims.iat > current + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'malformed' }
      if (current >= claims.exp) return { ok: false, reason: 'expired' }
      return { ok: true, claims }
    },
  }
}

/**
 * Extracts the token from an `X-Authorization: Bearer <token>` value; undefined when the header
 * is missing or not of that form.
 */
export function readBearerToken(headerValue: string | undefined): string | undefined {
  if (headerValue === undefined) return undefined
  const match = /^Bearer +(\S+) *$/i.exec(headerValue)
  return match?.[1]
}
