/** A malformed multipart upload is the client's fault: a 400, never a 500 or a stack trace. */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.js'

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }

let testApp: TestApp
let token: string
let logLines: string[]

beforeEach(async () => {
  logLines = []
  testApp = await createTestApp({
    logger: {
      level: 'warn',
      stream: {
        write: (line: string) => {
          logLines.push(line)
        },
      },
    },
  })
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

const PART = [
  '--limite',
  'Content-Disposition: form-data; name="logo"; filename="logo.png"',
  'Content-Type: image/png',
  '',
  'no es una imagen',
].join('\r\n')

const MALFORMED: Record<string, { contentType: string; body: string }> = {
  'no boundary': { contentType: 'multipart/form-data', body: `${PART}\r\n--limite--\r\n` },
  'an unknown boundary': {
    contentType: 'multipart/form-data; boundary=otro',
    body: `${PART}\r\n--limite--\r\n`,
  },
  'no closing delimiter': { contentType: 'multipart/form-data; boundary=limite', body: PART },
}

for (const [name, { contentType, body }] of Object.entries(MALFORMED)) {
  it(`answers 400 to a multipart body with ${name}`, async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/hospitales/hospital-central/logo',
      headers: { 'x-authorization': `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'invalid_request' })
    expect(logLines.join('')).not.toContain('request failed')
  })
}
