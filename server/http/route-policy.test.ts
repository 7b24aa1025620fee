import Fastify, { type InjectOptions } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { enforceRouteSchemas, findSchemaGap } from './route-policy.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

const ANY_STRING: unknown = expect.any(String)

let testApp: TestApp | undefined

afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

describe('findSchemaGap', () => {
  type Route = Parameters<typeof findSchemaGap>[0]

  it.each<[string, Route]>([
    ['GET without a querystring schema', { method: 'GET', url: '/x', schema: {} }],
    ['GET without any schema', { method: 'GET', url: '/x' }],
    [
      'POST without a body schema',
      { method: 'POST', url: '/x', schema: { querystring: { type: 'object' } } },
    ],
    [
      'a method list with PUT but no body schema',
      { method: ['GET', 'PUT'], url: '/x', schema: { querystring: { type: 'object' } } },
    ],
  ])('names the gap of %s', (_, route) => {
    expect(findSchemaGap(route)).toEqual(expect.stringContaining('/x'))
  })

  it.each<[string, Route]>([
    ['GET with a querystring schema', { method: 'GET', url: '/x', schema: { querystring: {} } }],
    [
      'POST with both',
      { method: 'POST', url: '/x', schema: { querystring: {}, body: { type: 'object' } } },
    ],
  ])('accepts %s', (_, route) => {
    expect(findSchemaGap(route)).toBeUndefined()
  })
})

describe('enforceRouteSchemas', () => {
  it('refuses to declare a route that takes its input unvalidated', async () => {
    const app = Fastify()
    enforceRouteSchemas(app, { docsPrefix: '/api/docs' })

    expect(() => app.post('/api/sin-esquema', (_request, reply) => reply.send({}))).toThrow(
      /Route validation policy: POST \/api\/sin-esquema declares no querystring schema/,
    )
    await app.close()
  })

  it('holds for every route of the reference server (it starts)', async () => {
    testApp = await createTestApp()
    expect(testApp.app.printRoutes()).toContain('api/')
  })
})

describe('every API route answers malformed input with a 400 JSON error', () => {
  const malformed: [string, InjectOptions | string][] = [
    ['GET /api/hospitales with an unknown parameter', '/api/hospitales?tenant=a&debug=1'],
    ['GET /api/hospitales without tenant', '/api/hospitales'],
    ['GET /api/me with an unknown parameter', '/api/me?debug=1'],
    [
      'POST /api/auth/login with an unknown parameter',
      {
        method: 'POST',
        url: '/api/auth/login?redirect=https://evil.example',
        payload: { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'main' },
      },
    ],
    [
      'POST /api/auth/login with a wrongly typed field',
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'demo@hospital-central.es', password: 1234, tenant: 'main' },
      },
    ],
    [
      'POST /api/auth/login with a nested object instead of a string',
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: { $ne: '' }, password: 'x', tenant: 'main' },
      },
    ],
  ]

  it.each(malformed)('%s', async (_, request) => {
    testApp = await createTestApp()
    const response = await testApp.app.inject(request)
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.json()).toEqual({ error: 'invalid_request', message: ANY_STRING })
  })
})
