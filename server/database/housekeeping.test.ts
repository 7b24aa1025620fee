/**
 * The retention prunes: bounded batches walking each table by id, one instance at a time, keeping
 * what the live streams and the audit still need.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createAuditLog, STAFF_READ_ACTION } from '../repositories/audit-log.js'
import { createAsistenciaRepository } from '../repositories/asistencias.js'
import { createEventoRepository } from '../repositories/eventos.js'
import {
  TEST_ENGINE,
  createTestDatabaseOptions,
  openTestDatabase,
} from '../testing/test-database.js'
import { PRUNE_MAX_BATCHES_PER_RUN, pruneInBatches, runHousekeeping } from './housekeeping.js'
import { migrateToLatest } from './migrate.js'
import type { AppDatabase } from './schema.js'

const OLD = '2026-11-20T10:00:00.000Z'
const RECENT = '2026-11-23T09:00:00.000Z'
const CUTOFF = '2026-11-22T10:00:00.000Z'

let options: Awaited<ReturnType<typeof createTestDatabaseOptions>>
let db: AppDatabase

beforeEach(async () => {
  options = await createTestDatabaseOptions()
  db = openTestDatabase(options)
  await migrateToLatest(db)
})

afterEach(async () => {
  await db.destroy()
})

async function insertEvents(tenant: string, count: number, creado_en: string) {
  const rows = Array.from({ length: count }, () => ({
    tenant,
    tipo: 'asistencia',
    asistencia_id: null,
    ref: null,
    creado_en,
  }))
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('eventos')
      .values(rows.slice(start, start + 500))
      .execute()
  }
}

it('prunes old events in bounded batches by id, keeping each hospital newest and recent ones', async () => {
  const eventos = createEventoRepository(db, () => Date.parse(RECENT))
  await insertEvents('quiet', 1, OLD)
  await insertEvents('busy', 2_500, OLD)
  await insertEvents('busy', 3, RECENT)
  const quietNewest = (await eventos.bounds('quiet'))?.newest
  const busyBefore = await eventos.bounds('busy')

  const batches: number[] = []
  const deleted = await pruneInBatches(async (afterId) => {
    const step = await eventos.pruneBatch(CUTOFF, 1_000, afterId)
    batches.push(step.deleted)
    return step
  })

  expect(deleted).toBe(2_500)
  expect(batches.length).toBeGreaterThan(2)
  expect(Math.max(...batches)).toBeLessThanOrEqual(1_000)
  // The quiet hospital's only event says where its log stands: a stream resumes from it.
  expect(await eventos.bounds('quiet')).toEqual({ oldest: quietNewest, newest: quietNewest })
  const busyAfter = await eventos.bounds('busy')
  expect(busyAfter?.newest).toBe(busyBefore?.newest)
  expect(await eventos.listAfter('busy', 0, 10)).toHaveLength(3)
})

it('stops a run after its batch budget and leaves the rest to the next run', async () => {
  let calls = 0
  const deleted = await pruneInBatches((afterId) => {
    calls++
    return Promise.resolve({ deleted: 1, nextAfterId: afterId + 1, done: false })
  })
  expect(calls).toBe(PRUNE_MAX_BATCHES_PER_RUN)
  expect(deleted).toBe(PRUNE_MAX_BATCHES_PER_RUN)
})

it('prunes staff reads past their retention and never an administrative change', async () => {
  const audit = createAuditLog(db, () => 0)
  const entry = (accion: string, creado_en: string) => ({
    tenant: 'hospital-central',
    actor_id: 1,
    actor_email: 'profesional@hospital-central.es',
    accion,
    objeto: 'x',
    antes: null,
    despues: null,
    creado_en,
  })
  await db
    .insertInto('audit_log')
    .values([
      entry(STAFF_READ_ACTION, OLD),
      entry('cuenta.creada', OLD),
      entry(STAFF_READ_ACTION, OLD),
      entry(STAFF_READ_ACTION, RECENT),
    ])
    .execute()
  const deleted = await pruneInBatches((afterId) => audit.pruneStaffReads(CUTOFF, 1, afterId))
  expect(deleted).toBe(2)
  const left = await db.selectFrom('audit_log').select(['accion', 'creado_en']).execute()
  expect(left).toEqual(
    expect.arrayContaining([
      { accion: 'cuenta.creada', creado_en: OLD },
      { accion: STAFF_READ_ACTION, creado_en: RECENT },
    ]),
  )
  expect(left).toHaveLength(2)
})

it('lets one instance at a time run the housekeeping', async () => {
  // A second instance: its own connections to the same database.
  const other = TEST_ENGINE === 'postgres' ? openTestDatabase(options) : db
  let release: () => void = () => undefined
  let started: () => void = () => undefined
  const isStarted = new Promise<void>((resolve) => {
    started = resolve
  })
  const first = runHousekeeping(db, [
    {
      name: 'lenta',
      run: () =>
        new Promise<number>((resolve) => {
          release = () => {
            resolve(1)
          }
          started()
        }),
    },
  ])
  await isStarted
  const second = await runHousekeeping(other, [{ name: 'otra', run: () => Promise.resolve(1) }])
  expect(second).toBeUndefined()
  release()
  expect(await first).toEqual({ lenta: 1 })
  expect(await runHousekeeping(other, [{ name: 'otra', run: () => Promise.resolve(1) }])).toEqual({
    otra: 1,
  })
  if (other !== db) await other.destroy()
})

it('prunes immediate-care replay secrets of requests closed before the cutoff, in bounded batches', async () => {
  await db
    .insertInto('hospitals')
    .values({
      tenant: 'hospital-x',
      nombre: 'Hospital X',
      color_primario: '#0a5a8a',
      color_secundario: '#e6f0f7',
      imagen: '',
    })
    .execute()
  const guest = await db
    .insertInto('users')
    .values({
      email: 'invitado@hospital-x.es',
      password_hash: '-',
      nombre: 'Invitada',
      rol: 'cliente',
      tenant: 'hospital-x',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const request = (id: string, cerrada_en: string | null) => ({
    id,
    tenant: 'hospital-x',
    estado: cerrada_en === null ? ('en_espera' as const) : ('finalizada' as const),
    origen: 'inmediata',
    motivo: 'Dolor',
    especialidad: null,
    paciente_id: guest.id,
    profesional_id: null,
    creada_en: OLD,
    atendida_en: null,
    cerrada_en,
    caduca_en: RECENT,
    resumen: null,
    puntuacion: null,
    comentario: null,
    ticket: null,
    derivada_de: null,
    contacto: null,
  })
  const oldClosed = Array.from({ length: 5 }, (_, index) => `old-${String(index)}`)
  await db
    .insertInto('asistencias')
    .values([
      ...oldClosed.map((id) => request(id, OLD)),
      request('recent-closed', RECENT),
      request('still-waiting', null),
    ])
    .execute()
  await db
    .insertInto('secretos_invitado')
    .values(
      [...oldClosed, 'recent-closed', 'still-waiting'].map((id) => ({
        asistencia_id: id,
        hash: `hash-${id}`,
      })),
    )
    .execute()
  const asistencias = createAsistenciaRepository(db)

  const batches: number[] = []
  const deleted = await pruneInBatches(async (afterId) => {
    const forgotten = await asistencias.forgetGuestSecrets(CUTOFF, 2)
    batches.push(forgotten)
    return { deleted: forgotten, nextAfterId: afterId, done: forgotten < 2 }
  })

  expect(deleted).toBe(5)
  expect(batches).toEqual([2, 2, 1])
  const left = await db.selectFrom('secretos_invitado').select('asistencia_id').execute()
  expect(left.map((row) => row.asistencia_id).sort()).toEqual(['recent-closed', 'still-waiting'])
  expect(await asistencias.findGuestSecretHash('still-waiting')).toBe('hash-still-waiting')
  expect(await asistencias.findGuestSecretHash('old-0')).toBeUndefined()
})
