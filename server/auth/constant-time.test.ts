/**
 * Secrets are compared in constant time: the password hash through crypto.timingSafeEqual, the
 * token signature through WebCrypto's HMAC verify (jose), whatever the candidate (spied on, the
 * real ones still run).
 */
import * as crypto from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { hashPassword, verifyPassword } from './passwords.js'
import { createTokenService } from './tokens.js'

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>()
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) }
})

const timingSafeEqual = vi.mocked(crypto.timingSafeEqual)
const FAST = { N: 1024, r: 8, p: 1 }
const SUBJECT = { sub: '7', tenant: 'hospital-central', rol: 'cliente', gen: 3 }

function flipFirstCharacter(segment: string): string {
  return (segment.startsWith('A') ? 'B' : 'A') + segment.slice(1)
}

describe('token signatures', () => {
  const service = createTokenService({ secret: 'x'.repeat(40), ttlSeconds: 60 })

  it("are checked by WebCrypto's HMAC verify (constant time), for a wrong one as for the right one", async () => {
    const [header, payload, signature = ''] = (await service.issue(SUBJECT)).split('.')
    const verify = vi.spyOn(globalThis.crypto.subtle, 'verify')
    try {
      expect(await service.verify(`${header}.${payload}.${flipFirstCharacter(signature)}`)).toEqual(
        {
          ok: false,
          reason: 'bad_signature',
        },
      )
      expect((await service.verify(`${header}.${payload}.${signature}`)).ok).toBe(true)

      expect(verify).toHaveBeenCalledTimes(2)
      for (const [algorithm] of verify.mock.calls) expect(algorithm).toMatchObject({ name: 'HMAC' })
    } finally {
      verify.mockRestore()
    }
  })

  it('refuses a non-canonical spelling of the right signature', async () => {
    const [header, payload, signature = ''] = (await service.issue(SUBJECT)).split('.')
    // 32 bytes in 43 base64url characters: the last one has two spare bits nobody reads.
    const last = signature.at(-1) ?? 'A'
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const sameBits = alphabet[alphabet.indexOf(last) ^ 1] ?? last
    const respelled = signature.slice(0, -1) + sameBits
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(signature, 'base64url'))

    expect(await service.verify(`${header}.${payload}.${respelled}`)).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })
})

describe('password hashes', () => {
  it('are compared with timingSafeEqual, for a wrong password as for the right one', async () => {
    const stored = await hashPassword('demo1234', FAST)
    timingSafeEqual.mockClear()

    expect(await verifyPassword('demo1235', stored)).toBe(false)
    expect(await verifyPassword('demo1234', stored)).toBe(true)

    expect(timingSafeEqual).toHaveBeenCalledTimes(2)
  })
})
