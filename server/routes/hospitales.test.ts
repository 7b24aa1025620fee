import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { TENANT_ID_MAX_LENGTH } from '../../src/contract/tenants.js'

// Asymmetric matchers are typed any; typed unknown they satisfy the strict lint rules.
const ANY_STRING: unknown = expect.any(String)

let testApp: TestApp

beforeEach(async () => {
  testApp = await createTestApp()
})

afterEach(async () => {
  await testApp.close()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers })

describe('GET /api/hospitales (verHospitales)', () => {
  it('returns the tenant record as a one-element array', async () => {
    const response = await get('/api/hospitales?tenant=hospital-central')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.json()).toEqual([
      {
        tenant: 'hospital-central',
        nombre: 'Hospital Central',
        color_primario: '#0b5394',
        color_secundario: '#38761d',
        imagen: '/logos/hospital-central.png',
        telefono: '+34 910 000 101',
        nombre_corto: '',
      },
    ])
  })

  it('serves every demo tenant, clinica-sol with its pale colours', async () => {
    const norte = (await get('/api/hospitales?tenant=clinica-norte')).json<unknown[]>()
    const sol = (await get('/api/hospitales?tenant=clinica-sol')).json<unknown[]>()
    expect(norte).toMatchObject([{ nombre: 'Clínica Norte', imagen: '/logos/clinica-norte.png' }])
    expect(sol).toMatchObject([
      { nombre: 'Clínica Sol', color_primario: '#fff59d', color_secundario: '#fffde7' },
    ])
  })

  it.each(['main', 'desconocido', 'Hospital-Central'])(
    'returns an empty array for %s (no record)',
    async (tenant) => {
      const response = await get(`/api/hospitales?tenant=${tenant}`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual([])
    },
  )

  it('is public and revalidated: no-cache, any origin, an ETag honoured with 304', async () => {
    const first = await get('/api/hospitales?tenant=hospital-central')
    expect(first.headers['cache-control']).toBe('no-cache')
    expect(first.headers['access-control-allow-origin']).toBe('*')
    const etag = first.headers.etag
    expect(etag).toMatch(/^W\/".+"$/)

    const second = await get('/api/hospitales?tenant=hospital-central', {
      'if-none-match': String(etag),
    })
    expect(second.statusCode).toBe(304)
    expect(second.body).toBe('')
    expect(second.headers.etag).toBe(etag)
  })

  it.each([
    ['no tenant', '/api/hospitales'],
    ['an empty tenant', '/api/hospitales?tenant='],
    [
      'a tenant one character too long',
      `/api/hospitales?tenant=${'a'.repeat(TENANT_ID_MAX_LENGTH + 1)}`,
    ],
    ['a repeated tenant', '/api/hospitales?tenant=a&tenant=b'],
    ['an unknown parameter', '/api/hospitales?tenant=a&debug=1'],
  ])('answers 400 JSON for %s', async (_case, url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(400)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({ error: 'invalid_request', message: ANY_STRING })
  })

  it('accepts a tenant of the longest length, unknown', async () => {
    const response = await get(`/api/hospitales?tenant=${'a'.repeat(TENANT_ID_MAX_LENGTH)}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })

  it('treats SQL-looking input as data', async () => {
    for (const tenant of [`x' OR '1'='1`, `hospital-central'; DROP TABLE hospitals; --`]) {
      const response = await get(`/api/hospitales?tenant=${encodeURIComponent(tenant)}`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual([])
    }
    const intact = await get('/api/hospitales?tenant=hospital-central')
    expect(intact.json()).toHaveLength(1)
  })
})
