/**
 * Tokens that must stop working although they have not expired: those issued before the
 * account's new password (whatever the clock says), those of an account or a hospital disabled
 * and then enabled again.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.js'

const PATIENT = {
  email: 'demo@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
}
const CENTRAL_ADMIN = {
  email: 'admin@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
}
const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }

let testApp: TestApp
let clock: number

beforeEach(async () => {
  clock = Date.parse('2026-03-01T09:00:00.000Z')
  testApp = await createTestApp({ now: () => clock })
})

afterEach(async () => {
  await testApp.close()
})

async function signIn(credentials: { email: string; password: string; tenant: string }) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: credentials,
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ token: string }>().token
}

async function me(token: string): Promise<number> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { 'x-authorization': `Bearer ${token}` },
  })
  return response.statusCode
}

it('ends the sessions opened before a new password set with an access code', async () => {
  const oldSession = await signIn(PATIENT)
  clock += 60_000
  const adminToken = await signIn(CENTRAL_ADMIN)
  const auth = { 'x-authorization': `Bearer ${adminToken}` }
  const accounts = await testApp.app.inject({
    method: 'GET',
    url: '/api/admin/hospitales/hospital-central/cuentas',
    headers: auth,
  })
  const patient = accounts
    .json<{ id: number; email: string }[]>()
    .find((a) => a.email === PATIENT.email)
  const issued = await testApp.app.inject({
    method: 'PATCH',
    url: `/api/admin/hospitales/hospital-central/cuentas/${String(patient?.id)}`,
    headers: auth,
    payload: { restablecer_acceso: true },
  })
  const { codigo_acceso } = issued.json<{ codigo_acceso: string }>()
  // Until the code is used, the session goes on: issuing a code proves nothing went wrong.
  expect(await me(oldSession)).toBe(200)

  clock += 60_000
  const reset = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/restablecer-acceso',
    payload: { ...PATIENT, codigo: codigo_acceso, password: 'nueva-clave-segura' },
  })
  expect(reset.statusCode).toBe(204)

  const ended = await testApp.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { 'x-authorization': `Bearer ${oldSession}` },
  })
  expect(ended.statusCode).toBe(401)
  // It says why, so the device left behind tells its user rather than speaking of an expiry.
  expect(ended.json()).toEqual({
    error: 'password_changed',
    message:
      'Se ha cerrado la sesión porque la contraseña ha cambiado. Inicia sesión con la nueva contraseña.',
  })
  // Signing in with the new password works at once, in the very same second.
  const newSession = await signIn({ ...PATIENT, password: 'nueva-clave-segura' })
  expect(await me(newSession)).toBe(200)
  // Other accounts keep their sessions.
  expect(await me(adminToken)).toBe(200)
})

async function patientAccessCode(adminToken: string): Promise<string> {
  const auth = { 'x-authorization': `Bearer ${adminToken}` }
  const accounts = await testApp.app.inject({
    method: 'GET',
    url: '/api/admin/hospitales/hospital-central/cuentas',
    headers: auth,
  })
  const patient = accounts
    .json<{ id: number; email: string }[]>()
    .find((a) => a.email === PATIENT.email)
  const issued = await testApp.app.inject({
    method: 'PATCH',
    url: `/api/admin/hospitales/hospital-central/cuentas/${String(patient?.id)}`,
    headers: auth,
    payload: { restablecer_acceso: true },
  })
  return issued.json<{ codigo_acceso: string }>().codigo_acceso
}

it('ends a session opened in the very same second as the reset, before it', async () => {
  // The clock never moves: the old session, the reset and the new session share one instant.
  const code = await patientAccessCode(await signIn(CENTRAL_ADMIN))
  const sameSecond = await signIn(PATIENT)
  expect(await me(sameSecond)).toBe(200)
  const reset = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/restablecer-acceso',
    payload: { ...PATIENT, codigo: code, password: 'nueva-clave-segura' },
  })
  expect(reset.statusCode).toBe(204)

  expect(await me(sameSecond)).toBe(401)
  expect(await me(await signIn({ ...PATIENT, password: 'nueva-clave-segura' }))).toBe(200)
})

it('does not revive the tokens of an account disabled and enabled again', async () => {
  const oldSession = await signIn(PATIENT)
  const adminToken = await signIn(CENTRAL_ADMIN)
  const auth = { 'x-authorization': `Bearer ${adminToken}` }
  const accounts = await testApp.app.inject({
    method: 'GET',
    url: '/api/admin/hospitales/hospital-central/cuentas',
    headers: auth,
  })
  const patient = accounts
    .json<{ id: number; email: string }[]>()
    .find((a) => a.email === PATIENT.email)
  for (const activo of [false, true]) {
    const saved = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/admin/hospitales/hospital-central/cuentas/${String(patient?.id)}`,
      headers: auth,
      payload: { activo },
    })
    expect(saved.statusCode).toBe(200)
  }

  expect(await me(oldSession)).toBe(401)
  expect(await me(await signIn(PATIENT))).toBe(200)
  expect(await me(adminToken)).toBe(200)
})

it('does not revive the tokens of a hospital disabled and enabled again', async () => {
  const oldSession = await signIn(PATIENT)
  clock += 60_000
  const productToken = await signIn(PRODUCT_ADMIN)
  const auth = { 'x-authorization': `Bearer ${productToken}` }
  const setActive = async (activo: boolean) => {
    const read = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/hospitales/hospital-central',
      headers: auth,
    })
    const saved = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/admin/hospitales/hospital-central',
      headers: { ...auth, 'if-match': String(read.headers.etag) },
      payload: { activo },
    })
    expect(saved.statusCode).toBe(200)
  }

  await setActive(false)
  expect(await me(oldSession)).toBe(401)
  clock += 60_000
  await setActive(true)

  expect(await me(oldSession)).toBe(401)
  expect(await me(await signIn(PATIENT))).toBe(200)
  // Accounts of other hospitals keep their sessions.
  expect(await me(productToken)).toBe(200)
})
