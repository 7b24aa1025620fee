import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

describe('GET /logos/{tenant}.png', () => {
  it.each(['hospital-central', 'clinica-norte', 'clinica-sol'])(
    'serves the 512×512 PNG of %s, cacheable and usable from any origin',
    async (tenant) => {
      const response = await testApp.app.inject({ method: 'GET', url: `/logos/${tenant}.png` })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
      expect(response.headers['cache-control']).toBe('public, max-age=86400')
      expect(response.headers['access-control-allow-origin']).toBe('*')
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin')
      const png = response.rawPayload
      expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
      expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR')
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512])
    },
  )

  it.each(['/logos/otro.png', '/logos/..%2fapp.ts', '/logos/Hospital-Central.png', '/logos/x.svg'])(
    'answers 404 to %s',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['cache-control']).toBe('no-store')
    },
  )
})
