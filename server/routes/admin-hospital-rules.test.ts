/** What a product admin may name a new hospital: its address (slug) and its visible name. */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.js'

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }

let testApp: TestApp
let token: string

beforeEach(async () => {
  testApp = await createTestApp()
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: PRODUCT_ADMIN,
  })
  token = response.json<{ token: string }>().token
})

afterEach(async () => {
  await testApp.close()
})

function create(tenant: string, nombre = 'Centro de prueba') {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/admin/hospitales',
    headers: { 'x-authorization': `Bearer ${token}` },
    payload: { tenant, nombre, color_primario: '#0a5a8a', color_secundario: '#e6f0f7' },
  })
}

it('refuses the root file names as addresses, and the file stays a file', async () => {
  for (const tenant of [
    'sw.js',
    'manifest.webmanifest',
    'robots.txt',
    'favicon.png',
    'apple-touch-icon.png',
    'release-notes.json',
    'index.html',
  ]) {
    const response = await create(tenant)
    expect(response.statusCode, tenant).toBe(400)
    expect(response.json(), tenant).toMatchObject({ error: 'invalid_tenant' })
  }
  const robots = await testApp.app.inject({ method: 'GET', url: '/robots.txt' })
  expect(robots.body).toContain('User-agent')
})

it('refuses case twins and look-alike addresses', async () => {
  for (const tenant of [
    'Hospital-Central',
    'h\u043Espital-central',
    '\uFF48\uFF43',
    'centro.',
    'API',
    'Main',
  ]) {
    expect((await create(tenant)).statusCode, tenant).toBe(400)
  }
  expect((await create('centro-nuevo-2')).statusCode).toBe(201)
})

it('refuses a name nobody can see', async () => {
  for (const nombre of ['\u3164', '\u2800', '\u200B', '\u00AD']) {
    const response = await create('centro-invisible', nombre)
    expect(response.statusCode, JSON.stringify(nombre)).toBe(400)
    expect(response.json()).toMatchObject({ error: 'invalid_request' })
  }
})
