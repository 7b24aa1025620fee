/**
 * The server answers a hospital's manifest on a first visit, the service worker on every later
 * one: for the same record both must give the same installed app. Both build it through the one
 * tenant contract; this proves the server feeds the contract the way the worker does (the record
 * read as a `verHospitales` answer), for any hospital name a clinic may type.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseHospitalesAnswer } from '../../src/contract/branding-answer.js'
import { buildTenantManifest } from '../../src/contract/manifest.js'
import { isReservedSegment, isTenantId, tenantFromPathname } from '../../src/contract/tenants.js'
import { readBaseManifest } from './base-manifest.js'
import type { AppDatabase } from '../database/schema.js'
import { tenantOfUrl } from '../http/request-path.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'

const ORIGIN = 'http://localhost:80'

// Names as clinics type them, and as other systems send them: precomposed and decomposed
// accents, combining marks, emoji sequences, other scripts, and up to 200 characters.
const hospitalName = fc
  .oneof(
    fc.constantFrom(
      'Clínica Ñandú Sur',
      'Clínica Ñandú Sur'.normalize('NFD'),
      'Hospital Universitario Virgen de la Añil',
      '🏥 Centro de Salud 👩‍⚕️',
      'Ǆemo Z̶a̶l̶g̶o̶ Hospital',
      'Больница №1',
      '病院 東京',
      'H'.repeat(200),
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }),
    fc
      .array(fc.constantFrom('Hospital', 'Clínica', 'San', 'Ñ', 'e\u0301', '👨‍👩‍👧', 'de', 'la'), {
        minLength: 1,
        maxLength: 12,
      })
      .map((words) => words.join(' ')),
  )
  .map((name) => (Math.random() < 0.5 ? name.normalize('NFD') : name))

let db: AppDatabase
let testApp: TestApp

beforeAll(async () => {
  db = await createTestDatabase()
  testApp = await createTestApp({ database: db })
})

afterAll(async () => {
  await testApp.close()
  await db.destroy()
})

async function servedManifest(tenant: string): Promise<unknown> {
  const response = await testApp.app.inject({
    url: `/${encodeURIComponent(tenant)}/manifest.webmanifest`,
    headers: { host: 'localhost' },
  })
  expect(response.statusCode).toBe(200)
  return response.json()
}

describe('the server and the worker install the same app', () => {
  it('for any hospital name', async () => {
    await fc.assert(
      fc.asyncProperty(hospitalName, async (nombre) => {
        await db
          .insertInto('hospitals')
          .values({
            tenant: 'centro-prueba',
            nombre,
            color_primario: '#123456',
            color_secundario: 'hsl(40 80% 90%)',
            imagen: '/logos/clinica-sol.png',
          })
          .onConflict((conflict) => conflict.column('tenant').doUpdateSet({ nombre }))
          .execute()
        const record = await db
          .selectFrom('hospitals')
          .selectAll()
          .where('tenant', '=', 'centro-prueba')
          .executeTakeFirst()
        const answer = parseHospitalesAnswer([record], 'centro-prueba', ORIGIN)
        // The worker derives from the same file the build serves (its precached copy).
        const fromWorker = buildTenantManifest(
          readBaseManifest(testApp.distDir),
          'centro-prueba',
          answer.ok ? answer.branding : null,
        )
        expect(await servedManifest('centro-prueba')).toEqual(fromWorker)
      }),
      { numRuns: 150 },
    )
  })

  it('for main, which has no record', async () => {
    expect(await servedManifest('main')).toEqual(
      buildTenantManifest(readBaseManifest(testApp.distDir), 'main', null),
    )
  })
})

describe('the server and the app read the same tenant from a path', () => {
  it('for any first segment', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          // As a browser sends them: percent-encoded.
          fc.string({ unit: 'grapheme', maxLength: 120 }).map(encodeURIComponent),
          fc.constantFrom('api', '%61pi', 'assets', 'login', 'main', 'cl%C3%ADnica', '%00', '%zz'),
        ),
        (segment) => {
          const path = `/${segment}/login`
          const fromServer = tenantOfUrl(path) ?? null
          expect(fromServer).toBe(tenantFromPathname(path))
          if (fromServer !== null) expect(isReservedSegment(fromServer)).toBe(false)
          if (fromServer !== null) expect(isTenantId(fromServer)).toBe(true)
        },
      ),
      { numRuns: 2000 },
    )
  })
})
