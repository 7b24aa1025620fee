/** Edits that change nothing leave no trace: the audit log cannot be flooded with them. */
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { AppDatabase } from '../database/schema.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'

const CENTRAL_ADMIN = {
  email: 'admin@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
}

let database: AppDatabase
let testApp: TestApp
let auth: Record<string, string>

beforeEach(async () => {
  database = await createTestDatabase()
  testApp = await createTestApp({ database })
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: CENTRAL_ADMIN,
  })
  auth = { 'x-authorization': `Bearer ${response.json<{ token: string }>().token}` }
})

afterEach(async () => {
  await testApp.close()
  await database.destroy()
})

async function countAuditEntries(): Promise<number> {
  const rows = await database.selectFrom('audit_log').select('id').execute()
  return rows.length
}

async function patchHospital(payload: object) {
  const read = await testApp.app.inject({
    method: 'GET',
    url: '/api/admin/hospitales/hospital-central',
    headers: auth,
  })
  return testApp.app.inject({
    method: 'PATCH',
    url: '/api/admin/hospitales/hospital-central',
    headers: { ...auth, 'if-match': String(read.headers.etag) },
    payload,
  })
}

it('writes no audit entry for an edit whose result equals the record', async () => {
  const read = await testApp.app.inject({
    method: 'GET',
    url: '/api/admin/hospitales/hospital-central',
    headers: auth,
  })
  const record = read.json<{ nombre: string; color_primario: string }>()
  const before = await countAuditEntries()

  for (let index = 0; index < 5; index++) {
    const same = await patchHospital({
      nombre: record.nombre,
      color_primario: record.color_primario,
    })
    expect(same.statusCode).toBe(200)
    expect(same.headers.etag).toBe(read.headers.etag)
  }
  expect(await countAuditEntries()).toBe(before)

  expect((await patchHospital({ nombre: 'Hospital Central Renovado' })).statusCode).toBe(200)
  expect(await countAuditEntries()).toBe(before + 1)
})
