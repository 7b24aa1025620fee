import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** Cost parameters of scrypt; they are stored in every hash, so old hashes keep verifying. */
export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number
  /** Block size. */
  r: number
  /** Parallelisation. */
  p: number
}

/**
 * Default cost: N=2^15, r=8, p=1 (32 MiB, about 150 ms on a 2-core box). OWASP's floor is 2^17,
 * which on small hosts makes sign-in take half a second and 128 MiB per concurrent attempt;
 * since the parameters live in each hash, a deployment can raise them without a migration.
 */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 }

const SALT_BYTES = 16
const KEY_BYTES = 32
const PREFIX = 'scrypt'
// Bounds for parameters read back from the database, so a corrupted row cannot ask for gigabytes.
const MAX_N = 2 ** 20
const MAX_R = 32
const MAX_P = 16

function derive(password: string, salt: Buffer, keyLength: number, params: ScryptParams) {
  return new Promise<Buffer>((resolve, reject) => {
    // maxmem must exceed 128 * N * r * p, or Node refuses N >= 2^14 with r = 8.
    const maxmem = 256 * params.N * params.r * params.p
    scrypt(password, salt, keyLength, { ...params, maxmem }, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

function isPowerOfTwo(value: number): boolean {
  return Number.isInteger(value) && value > 1 && (value & (value - 1)) === 0
}

/** Hashes a password with a fresh random salt: `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, KEY_BYTES, params)
  return [
    PREFIX,
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$')
}

interface ParsedHash {
  params: ScryptParams
  salt: Buffer
  key: Buffer
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined
  const [, nText = '', rText = '', pText = '', saltText = '', keyText = ''] = parts
  const params = { N: Number(nText), r: Number(rText), p: Number(pText) }
  if (!isPowerOfTwo(params.N) || params.N > MAX_N) return undefined
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > MAX_R) return undefined
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > MAX_P) return undefined
  const salt = Buffer.from(saltText, 'base64url')
  const key = Buffer.from(keyText, 'base64url')
  if (salt.length < 8 || key.length < 16) return undefined
  return { params, salt, key }
}

/**
 * True when `password` matches `stored`. The comparison is constant-time; a malformed stored
 * hash never matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored)
  if (!parsed) return false
  const candidate = await derive(password, parsed.salt, parsed.key.length, parsed.params)
  return timingSafeEqual(candidate, parsed.key)
}
