/**
 * Sign-in does the same work whether or not the email exists: an unknown email still costs one
 * scrypt with the same parameters, and the answer is byte for byte the same. (Work is checked
 * by spying on the hash check, never by measuring time.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as passwords from '../auth/passwords.js'
import type { AppDatabase } from '../database/schema.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'

vi.mock('../auth/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>()
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) }
})

const verifyPassword = vi.mocked(passwords.verifyPassword)
const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }

let testApp: TestApp | undefined
let db: AppDatabase | undefined

afterEach(async () => {
  await testApp?.close()
  await db?.destroy()
  testApp = undefined
  db = undefined
})

/** `scrypt$N$r$p` and the byte lengths of salt and key: what decides the cost of a check. */
function costOf(storedHash: string) {
  const [scheme, n, r, p, salt = '', key = ''] = storedHash.split('$')
  return {
    params: [scheme, n, r, p].join('$'),
    saltBytes: Buffer.from(salt, 'base64url').length,
    keyBytes: Buffer.from(key, 'base64url').length,
  }
}

async function signInWith(body: object) {
  verifyPassword.mockClear()
  const response = await testApp?.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body,
  })
  expect(verifyPassword).toHaveBeenCalledOnce()
  const storedHash = verifyPassword.mock.calls[0]?.[1] ?? ''
  return { response, cost: costOf(storedHash) }
}

describe('sign-in timing', () => {
  it('checks an unknown email against a hash of the same cost as a real account', async () => {
    db = await createTestDatabase()
    testApp = await createTestApp({ database: db })
    const demoHash = (
      await db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', DEMO.email)
        .executeTakeFirst()
    )?.password_hash

    const known = await signInWith({ ...DEMO, password: 'incorrecta' })
    const unknown = await signInWith({ ...DEMO, email: 'nadie@hospital-central.es' })
    const otherTenant = await signInWith({ ...DEMO, tenant: 'clinica-norte' })

    expect(known.cost).toEqual(costOf(demoHash ?? ''))
    expect(unknown.cost).toEqual(known.cost)
    expect(otherTenant.cost).toEqual(known.cost)
  })

  it('answers an unknown email exactly as a wrong password', async () => {
    testApp = await createTestApp()
    const known = await signInWith({ ...DEMO, password: 'incorrecta' })
    const unknown = await signInWith({ ...DEMO, email: 'nadie@hospital-central.es' })

    const visible = (response: typeof known.response) => ({
      status: response?.statusCode,
      body: response?.body,
      headers: Object.keys(response?.headers ?? {})
        .filter((name) => !['date', 'x-ratelimit-remaining'].includes(name))
        .sort(),
    })
    expect(visible(unknown.response)).toEqual(visible(known.response))
    expect(unknown.response?.statusCode).toBe(401)
  })
})
