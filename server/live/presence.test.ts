/**
 * Presence is announced in batches: at most one `presencia` event per hospital per second,
 * carrying each professional's latest change since the previous one.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { EVENTOS, type PresenciaCambios } from '../../src/contract/care.js'
import { migrateToLatest } from '../database/migrate.js'
import type { AppDatabase } from '../database/schema.js'
import { createEventoRepository } from '../repositories/eventos.js'
import { createPresenciaRepository } from '../repositories/presencia.js'
import { seedDatabase } from '../seed/seed-database.js'
import { TEST_SCRYPT_PARAMS } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'
import { presenceChanges } from './event-hub.js'
import { createPresence, PRESENCE_BATCH_MS } from './presence.js'

const TENANT = 'hospital-central'
let database: AppDatabase

beforeEach(async () => {
  database = await createTestDatabase()
  await migrateToLatest(database)
  await seedDatabase(database, { demoMode: true, scryptParams: TEST_SCRYPT_PARAMS })
  // Only the batch window's clock: the database's own timers run as they would.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
})

afterEach(async () => {
  vi.useRealTimers()
  await database.destroy()
})

it('announces each hospital at most once per window, with what changed since', async () => {
  const eventos = createEventoRepository(database, () => Date.now())
  const published: string[] = []
  // Resolves once the next batch is written (a timer starts it; the database may take a while).
  let onNextPublish: (() => void) | null = null
  const nextPublish = () =>
    new Promise<void>((resolve) => {
      onNextPublish = resolve
    })
  const presence = createPresence({
    db: database,
    presencia: createPresenciaRepository(database),
    eventos,
    now: () => Date.now(),
    onPublished: (tenant) => {
      published.push(tenant)
      onNextPublish?.()
    },
    onError: (error) => {
      throw error instanceof Error ? error : new Error(String(error))
    },
  })
  const staff = await database
    .selectFrom('users')
    .select('id')
    .where('tenant', '=', TENANT)
    .orderBy('id')
    .limit(3)
    .execute()
  expect(staff).toHaveLength(3)
  const [a, b, c] = staff.map((row) => row.id) as [number, number, number]
  const announced = async () =>
    (await eventos.listAfter(TENANT, 0, 100))
      .filter((row) => row.tipo === EVENTOS.presencia)
      .map((row): PresenciaCambios => presenceChanges(row.ref))

  // Three professionals open the queue at the same moment: one event names all three.
  const connections = await Promise.all([a, b, c].map((id) => presence.join(id, TENANT)))
  const first = nextPublish()
  await vi.advanceTimersByTimeAsync(0)
  await first
  expect(await announced()).toEqual([
    {
      cambios: [
        { id: a, disponible: true },
        { id: b, disponible: true },
        { id: c, disponible: true },
      ],
    },
  ])

  // A change right after waits for the window to end.
  await presence.leave(connections[0] ?? '', a, TENANT)
  await vi.advanceTimersByTimeAsync(PRESENCE_BATCH_MS - 1)
  // The window's timer has not fired: nothing can be on its way.
  expect(published).toHaveLength(1)
  expect(await announced()).toHaveLength(1)
  // Meanwhile `b` leaves and `a` comes back: only the latest of each is said.
  await presence.leave(connections[1] ?? '', b, TENANT)
  await presence.join(a, TENANT)
  const second = nextPublish()
  await vi.advanceTimersByTimeAsync(1)
  await second
  expect((await announced()).slice(1)).toEqual([
    {
      cambios: [
        { id: a, disponible: true },
        { id: b, disponible: false },
      ],
    },
  ])
  expect(published).toEqual([TENANT, TENANT])

  // Stopping says at once what was still waiting for its window.
  await presence.leave(connections[2] ?? '', c, TENANT)
  await presence.close()
  expect((await announced()).slice(2)).toEqual([{ cambios: [{ id: c, disponible: false }] }])
})

it('records the queues that open together in one write and announces them in one event', async () => {
  const eventos = createEventoRepository(database, () => Date.now())
  // Every statement the presence module runs goes through this handle and is counted.
  let statements = 0
  const counted = database.withPlugin({
    transformQuery: (args) => {
      statements += 1
      return args.node
    },
    transformResult: (args) => Promise.resolve(args.result),
  })
  const presencia = createPresenciaRepository(counted)
  let onPublish: (() => void) | null = null
  const presence = createPresence({
    db: counted,
    presencia,
    eventos,
    now: () => Date.now(),
    onPublished: () => onPublish?.(),
    onError: (error) => {
      throw error instanceof Error ? error : new Error(String(error))
    },
  })
  const published = () =>
    new Promise<void>((resolve) => {
      onPublish = resolve
    })
  const count = 40
  await database
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `cola${String(index)}@profesionales.test`,
        password_hash: '!',
        nombre: `Profesional ${String(index)}`,
        rol: 'profesional' as const,
        tenant: TENANT,
      })),
    )
    .execute()
  const ids = (
    await database
      .selectFrom('users')
      .select('id')
      .where('email', 'like', 'cola%@profesionales.test')
      .orderBy('id')
      .execute()
  ).map((row) => row.id)
  expect(ids).toHaveLength(count)
  const announced = async () =>
    (await eventos.listAfter(TENANT, 0, 100))
      .filter((row) => row.tipo === EVENTOS.presencia)
      .map((row): PresenciaCambios => presenceChanges(row.ref))

  // Forty queue streams open in the same turn: who was available is read once, the rows are
  // written by one insert.
  const connections = await Promise.all(ids.map((id) => presence.join(id, TENANT)))
  expect(statements).toBe(2)
  expect(await presencia.available(TENANT, new Date().toISOString())).toEqual(new Set(ids))
  const joined = published()
  await vi.advanceTimersByTimeAsync(0)
  await joined
  expect(await announced()).toEqual([{ cambios: ids.map((id) => ({ id, disponible: true })) }])

  // They close together: one delete, one read of who is still there, one event.
  statements = 0
  await Promise.all(
    connections.map((conexion, index) => presence.leave(conexion, ids[index] ?? 0, TENANT)),
  )
  expect(statements).toBe(2)
  expect(await presencia.available(TENANT, new Date().toISOString())).toEqual(new Set())
  const left = published()
  await vi.advanceTimersByTimeAsync(PRESENCE_BATCH_MS)
  await left
  expect((await announced()).slice(1)).toEqual([
    { cambios: ids.map((id) => ({ id, disponible: false })) },
  ])
})

it('reads a change the log held before batching as a batch of one', () => {
  expect(presenceChanges(JSON.stringify({ id: 7, disponible: true }))).toEqual({
    cambios: [{ id: 7, disponible: true }],
  })
})
