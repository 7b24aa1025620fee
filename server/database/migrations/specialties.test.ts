import { Migrator, sql } from 'kysely'
import { afterEach, expect, it } from 'vitest'
import { currentPostgresSchema } from '../engine.js'
import { migrateToLatest } from '../migrate.js'
import type { AppDatabase } from '../schema.js'
import { createTestDatabase } from '../../testing/test-database.js'
import { MIGRATIONS } from './registry.js'

let db: AppDatabase | undefined

afterEach(async () => {
  await db?.destroy()
})

it("turns the specialties professionals carried into their hospital's list", async () => {
  db = await createTestDatabase()
  const before = Object.fromEntries(
    Object.entries(MIGRATIONS).filter(([name]) => name < '1970-specialties'),
  )
  const migrator = new Migrator({
    db,
    migrationTableSchema: await currentPostgresSchema(db),
    provider: { getMigrations: () => Promise.resolve(before) },
    allowUnorderedMigrations: true,
  })
  expect((await migrator.migrateToLatest()).error).toBeUndefined()
  await sql`
    INSERT INTO users (email, password_hash, nombre, rol, tenant, especialidad) VALUES
      ('a@x.es', '!', 'A', 'profesional', 'h1', 'Pediatría'),
      ('b@x.es', '!', 'B', 'profesional', 'h1', 'pediatría'),
      ('c@x.es', '!', 'C', 'profesional', 'h2', 'Pediatría'),
      ('d@x.es', '!', 'D', 'profesional', 'h2', NULL),
      ('e@x.es', '!', 'E', 'cliente', 'h2', 'Cardiología')
  `.execute(db)

  await migrateToLatest(db)

  const list = await db
    .selectFrom('especialidades')
    .select(['tenant', 'nombre', 'activa'])
    .orderBy('tenant')
    .execute()
  expect(list).toEqual([
    { tenant: 'h1', nombre: 'Pediatría', activa: 1 },
    { tenant: 'h2', nombre: 'Pediatría', activa: 1 },
  ])
  const links = await db
    .selectFrom('cuenta_especialidades')
    .innerJoin('users', 'users.id', 'cuenta_especialidades.user_id')
    .innerJoin('especialidades', 'especialidades.id', 'cuenta_especialidades.especialidad_id')
    .select(['users.email', 'especialidades.tenant'])
    .orderBy('users.email')
    .execute()
  expect(links).toEqual([
    { email: 'a@x.es', tenant: 'h1' },
    { email: 'b@x.es', tenant: 'h1' },
    { email: 'c@x.es', tenant: 'h2' },
  ])
})
