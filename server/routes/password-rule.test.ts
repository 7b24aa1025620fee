/**
 * Every password set in the product follows the one rule: an administrator's initial password
 * and a reset with a one-time code are refused as a registration's would be, naming the rule.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PASSWORD_PROBLEM_MESSAGES } from '../../src/contract/password-rule.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp

beforeEach(async () => {
  testApp = await createTestApp()
})

afterEach(async () => {
  await testApp.close()
})

const CENTRAL_ADMIN = {
  email: 'admin@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
}

async function signInAdmin(): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: CENTRAL_ADMIN,
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ token: string }>().token
}

describe('the one password rule', () => {
  it.each([
    ['too short', 'clave-8c', PASSWORD_PROBLEM_MESSAGES.too_short],
    ['common', 'contrasena123', PASSWORD_PROBLEM_MESSAGES.common],
  ])('refuses an initial password that is %s, naming why', async (_, password, message) => {
    const token = await signInAdmin()
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/hospitales/hospital-central/cuentas',
      headers: { 'x-authorization': `Bearer ${token}` },
      payload: { email: 'nueva@hospital-central.es', nombre: 'Nueva', rol: 'cliente', password },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'weak_password', message })
  })

  it('refuses a weak password set with a code, and the code still works for a good one', async () => {
    const token = await signInAdmin()
    const reset = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/admin/hospitales/hospital-central/cuentas/1',
      headers: { 'x-authorization': `Bearer ${token}` },
      payload: { restablecer_acceso: true },
    })
    expect(reset.statusCode).toBe(200)
    const { codigo_acceso: codigo, email } = reset.json<{ codigo_acceso: string; email: string }>()
    const setPassword = (password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/restablecer-acceso',
        payload: { tenant: 'hospital-central', email, codigo, password },
      })

    const weak = await setPassword('1234567890')
    expect(weak.statusCode).toBe(400)
    expect(weak.json()).toMatchObject({ error: 'weak_password' })
    expect((await setPassword('una-clave-nueva-1')).statusCode).toBe(204)
  })
})
