import { errors, jwtVerify, SignJWT } from 'jose'

/** What a session token asserts (JWT registered claims `sub`, `iat`, `exp`, in seconds). */
export interface TokenClaims {
  sub: string
  tenant: string
  rol: string
  /**
   * The account's session generation when the token was issued: any other current value means
   * its sessions have ended since (a token issued before generations existed counts as 0).
   */
  gen: number
  iat: number
  exp: number
}

/** Whom a token is issued for. */
export type TokenSubject = Pick<TokenClaims, 'sub' | 'tenant' | 'rol' | 'gen'>

/** Why a token was refused; the API maps every reason to a 401. */
export type TokenFailure = 'malformed' | 'bad_signature' | 'expired'

export type TokenVerification =
  { ok: true; claims: TokenClaims } | { ok: false; reason: TokenFailure }

/** Issues and verifies HS256 tokens in the JWT compact format. */
export interface TokenService {
  /** `ttlSeconds` shortens a session below the server's usual length (a guest's). */
  issue(subject: TokenSubject, options?: { ttlSeconds?: number }): Promise<string>
  verify(token: string): Promise<TokenVerification>
}

export interface TokenServiceOptions {
  secret: string
  ttlSeconds: number
  /** Current time in milliseconds; injectable so tests can expire a token. */
  now?: () => number
}

const ALGORITHM = 'HS256'
const HEADER = { alg: ALGORITHM, typ: 'JWT' } as const
const MAX_TOKEN_LENGTH = 2048
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/
// Tolerated clock difference for `iat` in the future (several server instances). jose checks
// `iat` only together with a maximum age, which would also stretch `exp`: checked here instead.
const CLOCK_SKEW_SECONDS = 60

function isClaims(
  value: Record<string, unknown>,
): value is Record<string, unknown> & Omit<TokenClaims, 'gen'> & { gen?: number } {
  return (
    (['sub', 'tenant', 'rol'] as const).every((claim) => typeof value[claim] === 'string') &&
    (value.gen === undefined || (Number.isSafeInteger(value.gen) && Number(value.gen) >= 0)) &&
    Number.isSafeInteger(value.iat) &&
    Number.isSafeInteger(value.exp)
  )
}

// Base64url decoding ignores the spare bits of the last character, so several strings decode to
// the same signature; only the canonical one is accepted: one token, one spelling.
function isCanonicalSignature(token: string): boolean {
  const signature = token.slice(token.lastIndexOf('.') + 1)
  return Buffer.from(signature, 'base64url').toString('base64url') === signature
}

function failureOf(error: errors.JOSEError): TokenFailure {
  if (error instanceof errors.JWTExpired) return 'expired'
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad_signature'
  // Any other refusal (another algorithm or `typ`, a header jose does not accept, a payload that
  // is not a claims set, a missing claim) is a token this server never issued.
  return 'malformed'
}

/**
 * Creates the token service: `jose` signs and checks the JWTs (HS256 only, so `alg: none` and
 * algorithm confusion are refused; WebCrypto compares signatures in constant time). Tokens carry
 * `{ sub, tenant, rol, gen, iat, exp }`.
 */
export function createTokenService({
  secret,
  ttlSeconds,
  now = Date.now,
}: TokenServiceOptions): TokenService {
  // Imported once: handed raw bytes, jose would import the key again for every token it checks.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )
  const nowSeconds = () => Math.floor(now() / 1000)

  return {
    async issue({ sub, tenant, rol, gen }, options) {
      const iat = nowSeconds()
      const ttl = Math.min(ttlSeconds, options?.ttlSeconds ?? ttlSeconds)
      return new SignJWT({ tenant, rol, gen })
        .setProtectedHeader(HEADER)
        .setSubject(sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttl)
        .sign(await key)
    },

    async verify(token) {
      if (token.length > MAX_TOKEN_LENGTH || !TOKEN_SHAPE.test(token)) {
        return { ok: false, reason: 'malformed' }
      }
      if (!isCanonicalSignature(token)) return { ok: false, reason: 'malformed' }
      let payload: Record<string, unknown>
      try {
        ;({ payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          typ: HEADER.typ,
          requiredClaims: ['sub', 'iat', 'exp'],
          currentDate: new Date(now()),
        }))
      } catch (error) {
        // Anything but a refusal (a failing crypto engine) is the server's fault, not the token's.
        if (!(error instanceof errors.JOSEError)) throw error
        return { ok: false, reason: failureOf(error) }
      }
      if (!isClaims(payload)) return { ok: false, reason: 'malformed' }
      if (payload.iat > nowSeconds() + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'malformed' }
      const { sub, tenant, rol, gen = 0, iat, exp } = payload
      return { ok: true, claims: { sub, tenant, rol, gen, iat, exp } }
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
