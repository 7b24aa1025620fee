import { describe, expect, it } from 'vitest'
import { DEFAULT_SCRYPT_PARAMS, hashPassword, verifyPassword } from './passwords.js'

const FAST = { N: 1024, r: 8, p: 1 }

describe('passwords', () => {
  it('stores scrypt$N$r$p$salt$hash with the default cost', async () => {
    const hash = await hashPassword('demo1234')
    const [scheme, n, r, p, salt, key] = hash.split('$')
    expect(scheme).toBe('scrypt')
    expect(Number(n)).toBe(DEFAULT_SCRYPT_PARAMS.N)
    expect(Number(r)).toBe(8)
    expect(Number(p)).toBe(1)
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16)
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32)
    expect(await verifyPassword('demo1234', hash)).toBe(true)
  })

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([
      hashPassword('demo1234', FAST),
      hashPassword('demo1234', FAST),
    ])
    expect(first).not.toBe(second)
  })

  it('rejects a wrong password', async () => {
    const hash = await hashPassword('demo1234', FAST)
    expect(await verifyPassword('demo12345', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it.each([
    '',
    'plain-text',
    'bcrypt$10$abc',
    'scrypt$1000$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA', // N not a power of two
    `scrypt$${2 ** 30}$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA`, // absurd memory cost
    'scrypt$1024$8$1$$',
  ])('never matches a malformed stored hash (%s)', async (stored) => {
    expect(await verifyPassword('demo1234', stored)).toBe(false)
  })
})
