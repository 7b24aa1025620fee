import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../database/migrate.js'
import type { AppDatabase } from '../database/schema.js'
import { seedDatabase } from '../seed/seed-database.js'
import { createTestDatabase } from '../testing/test-database.js'
import { createAuditLog } from './audit-log.js'
import { createSessionEnds } from '../database/session-ends.js'
import { createHospitalRepository } from './hospitals.js'
import { createLogoImageRepository, uploadedLogoUrl } from './logo-images.js'

const ADMIN = {
  id: 1,
  email: 'admin@hospital-central.es',
  tenant: 'hospital-central',
  rol: 'admin',
} as const
const PNG = Buffer.from('not really a png, only bytes to keep')

let db: AppDatabase

beforeEach(async () => {
  db = await createTestDatabase()
  await migrateToLatest(db)
  await seedDatabase(db, { demoMode: false })
})

afterEach(async () => {
  await db.destroy()
})

describe('a new logo', () => {
  it('is stored with the change that points at it, and not at all when the change is stale', async () => {
    const hospitals = createHospitalRepository(
      db,
      createAuditLog(db, Date.now),
      createSessionEnds(),
    )
    const logos = createLogoImageRepository(db, Date.now)
    const before = await hospitals.find('hospital-central')
    if (!before) throw new Error('The demo hospital is missing.')

    // Another admin renames the hospital meanwhile: the upload's version is stale.
    const renamed = await hospitals.update(ADMIN, before, { nombre: 'Hospital Renombrado' }, 'x')
    expect(renamed.ok).toBe(true)
    const stale = await hospitals.update(
      ADMIN,
      before,
      { imagen: uploadedLogoUrl('aaaa') },
      'hospital.logo',
      (trx) => logos.save(trx, 'aaaa', 'hospital-central', PNG),
    )
    expect(stale).toEqual({ ok: false, reason: 'stale' })
    expect(await logos.read('aaaa')).toBeUndefined()

    if (!renamed.ok) return
    const taken = await hospitals.update(
      ADMIN,
      renamed.record,
      { imagen: uploadedLogoUrl('bbbb') },
      'hospital.logo',
      (trx) => logos.save(trx, 'bbbb', 'hospital-central', PNG),
    )
    expect(taken).toMatchObject({ ok: true, record: { imagen: '/logos/h/bbbb.png' } })
    expect(await logos.read('bbbb')).toEqual(PNG)
  })
})
