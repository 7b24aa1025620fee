/** Lists that grow with the public page instead of cutting off: accounts, the queue, a conversation. */
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { CUENTAS_PAGINA, type AdminAccount } from '../../src/contract/accounts.js'
import {
  COLA_PAGINA,
  MENSAJES_PAGINA,
  type Asistencia,
  type Mensaje,
} from '../../src/contract/care.js'
import type { AppDatabase } from '../database/schema.js'
import { DEMO, newPatient, requestHelp, signIn, type CareClient } from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'

let database: AppDatabase
let testApp: TestApp
const clock = Date.parse('2026-11-23T10:00:00.000Z')

beforeEach(async () => {
  database = await createTestDatabase()
  testApp = await createTestApp({ database, now: () => clock, careSweepIntervalMs: 0 })
})

afterEach(async () => {
  await testApp.close()
  await database.destroy()
})

const iso = (offsetMs: number) => new Date(clock + offsetMs).toISOString()

async function userId(email: string) {
  const row = await database
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return row.id
}

async function pages<T extends { id: unknown }>(
  client: CareClient,
  path: string,
  next: (page: T[]) => string | null,
): Promise<T[][]> {
  const all: T[][] = []
  let url: string | null = path
  while (url !== null) {
    const response = await client.call('GET', url)
    expect(response.statusCode).toBe(200)
    const page = response.json<T[]>()
    all.push(page)
    url = next(page)
  }
  return all
}

it('pages the accounts panel, staff first, with a search and a role filter', async () => {
  const patients = Array.from({ length: 70 }, (_, index) => ({
    email: `p${String(index).padStart(3, '0')}@pacientes.es`,
    password_hash: '!',
    nombre: index === 42 ? 'Zoe Búsqueda_100%' : `Paciente ${String(index)}`,
    rol: 'cliente' as const,
    tenant: 'hospital-central',
  }))
  await database.insertInto('users').values(patients).execute()
  const admin = await signIn(testApp.app, DEMO.admin)
  const base = '/api/admin/hospitales/hospital-central/cuentas'

  const all = await pages<AdminAccount>(admin, base, (page) =>
    page.length === CUENTAS_PAGINA ? `${base}?despues=${String(page.at(-1)?.id)}` : null,
  )
  expect(all[0]).toHaveLength(CUENTAS_PAGINA)
  const flat = all.flat()
  expect(new Set(flat.map((account) => account.id)).size).toBe(flat.length)
  const roles = flat.map((account) => account.rol)
  const firstPatient = roles.indexOf('cliente')
  expect(new Set(roles.slice(firstPatient))).toEqual(new Set(['cliente']))
  expect(roles.slice(0, firstPatient)).toContain('admin')
  const stored = await database
    .selectFrom('users')
    .select('id')
    .where('tenant', '=', 'hospital-central')
    .where('invitado_hasta', 'is', null)
    .execute()
  expect(flat).toHaveLength(stored.length)

  const found = (await admin.call('GET', `${base}?buscar=${encodeURIComponent('_100%')}`)).json<
    AdminAccount[]
  >()
  expect(found.map((account) => account.nombre)).toEqual(['Zoe Búsqueda_100%'])
  const byEmail = (await admin.call('GET', `${base}?buscar=P069@`)).json<AdminAccount[]>()
  expect(byEmail.map((account) => account.email)).toEqual(['p069@pacientes.es'])
  const professionals = (await admin.call('GET', `${base}?rol=profesional`)).json<AdminAccount[]>()
  expect(professionals.length).toBeGreaterThan(0)
  expect(new Set(professionals.map((account) => account.rol))).toEqual(new Set(['profesional']))
  expect((await admin.call('GET', `${base}?rol=jefe`)).statusCode).toBe(400)
})

it('pages the queue so the newest waiting request is reachable', async () => {
  const pacienteId = await userId(DEMO.patient.email)
  const rows = Array.from({ length: COLA_PAGINA + 30 }, (_, index) => ({
    id: randomUUID(),
    tenant: 'hospital-central',
    estado: 'en_espera' as const,
    origen: 'paciente',
    motivo: `Solicitud ${String(index)}`,
    paciente_id: pacienteId,
    creada_en: iso(-60_000 + index),
    caduca_en: iso(30 * 60_000),
  }))
  for (let start = 0; start < rows.length; start += 100) {
    await database
      .insertInto('asistencias')
      .values(rows.slice(start, start + 100))
      .execute()
  }
  // A referral addressed to a colleague, inside the first page: the page still holds a full
  // page of what this professional sees, so the rule "a full page, ask for more" holds.
  const referred = rows[10]?.id ?? ''
  await database
    .insertInto('derivaciones')
    .values({
      asistencia_id: referred,
      por_id: await userId(DEMO.professional.email),
      a_id: await userId(DEMO.professional2.email),
      nota: 'Para una colega',
    })
    .execute()
  // Another patient: the demo patient's rows above are far past what one patient may keep open.
  const newest = await requestHelp(await newPatient(testApp.app), 'La última en llegar')
  const professional = await signIn(testApp.app, DEMO.professional)
  const waiting = (page: Asistencia[]) => page.filter((item) => item.estado === 'en_espera')
  const all = await pages<Asistencia>(professional, '/api/asistencias', (page) =>
    waiting(page).length === COLA_PAGINA
      ? `/api/asistencias?despues=${String(waiting(page).at(-1)?.id)}`
      : null,
  )
  expect(all.length).toBeGreaterThan(1)
  const queue = all.flatMap(waiting).map((item) => item.id)
  expect(new Set(queue).size).toBe(queue.length)
  expect(queue).toEqual([...rows.map((row) => row.id).filter((id) => id !== referred), newest])
  const colleague = await signIn(testApp.app, DEMO.professional2)
  const firstPage = (await colleague.call('GET', '/api/asistencias')).json<Asistencia[]>()
  expect(waiting(firstPage).map((item) => item.id)).toContain(referred)
})

it('answers the newest page of a long conversation first and older pages on request', async () => {
  const patient = await signIn(testApp.app, DEMO.patient)
  const professional = await signIn(testApp.app, DEMO.professional)
  const id = await requestHelp(patient)
  expect((await professional.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)
  const autor = await userId(DEMO.patient.email)
  const messages = Array.from({ length: MENSAJES_PAGINA + 5 }, (_, index) => ({
    id: randomUUID(),
    asistencia_id: id,
    autor_id: autor,
    texto: `Mensaje ${String(index)}`,
    creado_en: iso(index),
  }))
  for (let start = 0; start < messages.length; start += 200) {
    await database
      .insertInto('mensajes')
      .values(messages.slice(start, start + 200))
      .execute()
  }
  const path = `/api/asistencias/${id}/mensajes`
  const newest = (await professional.call('GET', path)).json<Mensaje[]>()
  expect(newest.map((message) => message.id)).toEqual(messages.slice(5).map((row) => row.id))
  const older = (await professional.call('GET', `${path}?antes=${String(newest[0]?.id)}`)).json<
    Mensaje[]
  >()
  expect(older.map((message) => message.id)).toEqual(messages.slice(0, 5).map((row) => row.id))
  expect((await professional.call('GET', `${path}?antes=no-es-un-id`)).statusCode).toBe(400)
})
