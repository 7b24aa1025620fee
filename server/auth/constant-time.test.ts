/**
 * Secrets are compared in constant time: the token signature and the password hash both go
 * through crypto.timingSafeEqual, whatever the candidate (spied on, the real one still runs).
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
const SUBJECT = { sub: '7', tenant: 'hospital-central', rol: 'cliente' }

function flipFirstCharacter(segment: string): string {
  return (segment.startsWith('A') ? 'B' : 'A') + segment.slice(1)
}

describe('token signatures', () => {
  const service = createTokenService({ secret: 'x'.repeat(40), ttlSeconds: 60 })

  it('are compared with timingSafeEqual, for a wrong one as for the right one', () => {
    const [header, payload, signature = ''] = service.issue(SUBJECT).split('.')
    timingSafeEqual.mockClear()

    expect(service.verify(`${header}.${payload}.${flipFirstCharacter(signature)}`)).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
    expect(service.verify(`${header}.${payload}.${signature}`).ok).toBe(true)

    expect(timingSafeEqual).toHaveBeenCalledTimes(2)
    for (const [given, expected] of timingSafeEqual.mock.calls) {
      expect(Buffer.byteLength(given as Buffer)).toBe(32)
      expect(Buffer.byteLength(expected as Buffer)).toBe(32)
    }
  })

  it('refuses a non-canonical spelling of the right signature', () => {
    const [header, payload, signature = ''] = service.issue(SUBJECT).split('.')
    // 32 bytes in 43 base64url characters: the last one has two spare bits nobody reads.
    const last = signature.at(-1) ?? 'A'
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const sameBits = alphabet[alphabet.indexOf(last) ^ 1] ?? last
    const respelled = signature.slice(0, -1) + sameBits
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(signature, 'base64url'))

    expect(service.verify(`${header}.${payload}.${respelled}`)).toEqual({
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
