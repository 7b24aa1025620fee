import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createPostgresSchemaUrl, openTestDatabase } from '../testing/test-database.js'

const DEMO = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' }
const apps: TestApp[] = []

afterEach(async () => {
  await Promise.all(apps.splice(0).map((testApp) => testApp.close()))
})

describe('sign-in limits on a shared database', () => {
  it('are one limit for every instance, kept without the emails', async () => {
    const databaseUrl = await createPostgresSchemaUrl()
    const loginRateLimits = {
      perIp: { max: 1000, timeWindowMs: 60_000 },
      perAccount: { max: 4, timeWindowMs: 900_000 },
    }
    for (let index = 0; index < 2; index += 1) {
      apps.push(await createTestApp({ databaseUrl, loginRateLimits }))
    }
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const { app } = apps[attempt % 2] ?? { app: undefined }
      const response = await app?.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { ...DEMO, password: `guess-${String(attempt)}` },
      })
      statuses.push(response?.statusCode ?? 0)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429])

    const db = openTestDatabase({ databaseUrl })
    const keys = await db.selectFrom('rate_limit_hits').select('key').execute()
    await db.destroy()
    expect(keys.length).toBeGreaterThan(0)
    expect(JSON.stringify(keys)).not.toContain('demo@')
  })
})
