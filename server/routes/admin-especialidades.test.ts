import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AdminAccount } from '../../src/contract/accounts.js'
import type { Asistencia, Profesional } from '../../src/contract/care.js'
import type { Especialidad } from '../../src/contract/specialties.js'
import { DEMO, signIn, type CareClient } from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp

beforeEach(async () => {
  testApp = await createTestApp()
})

afterEach(async () => {
  await testApp.close()
})

const BASE = '/api/admin/hospitales/hospital-central'
const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }

function call(client: CareClient, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    payload,
    headers: { 'x-authorization': `Bearer ${client.token}` },
  })
}

async function offered(tenant = 'hospital-central'): Promise<string[]> {
  const answer = await testApp.app.inject({ url: `/api/especialidades?tenant=${tenant}` })
  expect(answer.statusCode).toBe(200)
  return answer.json<string[]>()
}

async function addSpecialty(admin: CareClient, nombre: string): Promise<Especialidad> {
  const answer = await call(admin, 'POST', `${BASE}/especialidades`, { nombre })
  expect(answer.statusCode).toBe(201)
  return answer.json<Especialidad>()
}

async function createProfessional(admin: CareClient, especialidades: string[]) {
  return call(admin, 'POST', `${BASE}/cuentas`, {
    email: `pro-${randomUUID()}@hospital-central.es`,
    nombre: 'Marta Gil',
    rol: 'profesional',
    password: 'una clave muy larga 42',
    especialidades,
  })
}

function ask(patient: CareClient, especialidad: string) {
  return patient.call('POST', '/api/asistencias', {
    id: randomUUID(),
    motivo: 'Dolor',
    especialidad,
  })
}

describe("a hospital's specialties", () => {
  it('start as the demo three, are read and changed by its admins only', async () => {
    const admin = await signIn(testApp.app, DEMO.admin)
    const list = await call(admin, 'GET', `${BASE}/especialidades`)
    expect(list.statusCode).toBe(200)
    expect(list.json<Especialidad[]>().map(({ nombre, activa }) => [nombre, activa])).toEqual([
      ['Enfermería', true],
      ['Medicina general', true],
      ['Pediatría', true],
    ])
    expect(await offered()).toEqual(['Enfermería', 'Medicina general', 'Pediatría'])

    const productAdmin = await signIn(testApp.app, PRODUCT_ADMIN)
    expect((await call(productAdmin, 'GET', `${BASE}/especialidades`)).statusCode).toBe(200)
    for (const credentials of [DEMO.patient, DEMO.professional, DEMO.otherHospitalProfessional]) {
      const other = await signIn(testApp.app, credentials)
      expect((await call(other, 'GET', `${BASE}/especialidades`)).statusCode).toBe(403)
      expect(
        (await call(other, 'POST', `${BASE}/especialidades`, { nombre: 'Cardiología' })).statusCode,
      ).toBe(403)
    }
    const anonymous = await testApp.app.inject({ url: `${BASE}/especialidades` })
    expect(anonymous.statusCode).toBe(401)
    expect(await offered()).not.toContain('Cardiología')
  })

  it('adds one (once, whatever its case and accents), offered to requests at once and audited', async () => {
    const admin = await signIn(testApp.app, DEMO.admin)
    const patient = await signIn(testApp.app, DEMO.patient)
    expect((await ask(patient, 'Cardiología')).statusCode).toBe(400)

    const created = await addSpecialty(admin, '  Cardiología ')
    expect(created).toMatchObject({ nombre: 'Cardiología', activa: true })
    for (const nombre of ['cardiologia', 'CARDIOLOGÍA']) {
      const twin = await call(admin, 'POST', `${BASE}/especialidades`, { nombre })
      expect(twin.statusCode).toBe(409)
      expect(twin.json()).toMatchObject({ error: 'name_taken' })
    }
    for (const nombre of ['', '   ', 'x'.repeat(81), '\u0000']) {
      expect((await call(admin, 'POST', `${BASE}/especialidades`, { nombre })).statusCode).toBe(400)
    }
    expect(await offered()).toContain('Cardiología')
    // Offered even before any professional has it: the request waits for whoever takes it.
    expect((await ask(patient, 'Cardiología')).statusCode).toBe(201)

    const audit = await call(admin, 'GET', `${BASE}/auditoria`)
    expect(audit.json<{ accion: string; objeto: string }[]>()[0]).toMatchObject({
      accion: 'especialidad.creada',
      objeto: 'Cardiología',
    })
  })

  it('renames one: waiting requests and professionals follow, the name stays unique', async () => {
    const admin = await signIn(testApp.app, DEMO.admin)
    const patient = await signIn(testApp.app, DEMO.patient)
    const created = await addSpecialty(admin, 'Cardiología')
    const professional = (await createProfessional(admin, ['cardiología'])).json<AdminAccount>()
    expect(professional.especialidades).toEqual(['Cardiología'])
    const waiting = (await ask(patient, 'Cardiología')).json<Asistencia>()

    const url = `${BASE}/especialidades/${String(created.id)}`
    const clash = await call(admin, 'PATCH', url, { nombre: 'pediatria' })
    expect(clash.statusCode).toBe(409)
    const renamed = await call(admin, 'PATCH', url, { nombre: 'Cardiología adultos' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ nombre: 'Cardiología adultos', activa: true })

    const seen = await patient.call('GET', `/api/asistencias/${waiting.id}`)
    expect(seen.json<Asistencia>().especialidad).toBe('Cardiología adultos')
    const directory = (await patient.call('GET', '/api/profesionales')).json<Profesional[]>()
    expect(directory.find((entry) => entry.id === professional.id)?.especialidades).toEqual([
      'Cardiología adultos',
    ])
    expect(await offered()).not.toContain('Cardiología')
    expect((await ask(patient, 'Cardiología')).statusCode).toBe(400)

    const other = await call(admin, 'PATCH', `${BASE}/especialidades/999999`, { nombre: 'X' })
    expect(other.statusCode).toBe(404)
    const empty = await call(admin, 'PATCH', url, {})
    expect(empty.statusCode).toBe(400)
  })

  it('retires one: kept on old records, offered no more, and can be offered again', async () => {
    const admin = await signIn(testApp.app, DEMO.admin)
    const patient = await signIn(testApp.app, DEMO.patient)
    const list = (await call(admin, 'GET', `${BASE}/especialidades`)).json<Especialidad[]>()
    const pediatrics = list.find((entry) => entry.nombre === 'Pediatría')
    if (!pediatrics) throw new Error('No Pediatría')
    const waiting = (await ask(patient, 'Pediatría')).json<Asistencia>()
    const url = `${BASE}/especialidades/${String(pediatrics.id)}`

    const retired = await call(admin, 'PATCH', url, { activa: false })
    expect(retired.json()).toMatchObject({ nombre: 'Pediatría', activa: false })
    expect(await offered()).toEqual(['Enfermería', 'Medicina general'])
    expect((await ask(patient, 'Pediatría')).statusCode).toBe(400)
    const kept = await patient.call('GET', `/api/asistencias/${waiting.id}`)
    expect(kept.json<Asistencia>().especialidad).toBe('Pediatría')
    const directory = (await patient.call('GET', '/api/profesionales')).json<Profesional[]>()
    expect(directory.find((entry) => entry.nombre === 'Elena Navarro')).toMatchObject({
      especialidad: null,
      especialidades: [],
    })
    expect((await createProfessional(admin, ['Pediatría'])).statusCode).toBe(400)
    const professional = await signIn(testApp.app, DEMO.professional)
    const source = (await ask(patient, 'Medicina general')).json<Asistencia>()
    await professional.call('POST', `/api/asistencias/${source.id}/atender`)
    const referral = await professional.call('POST', `/api/asistencias/${source.id}/derivar`, {
      id: randomUUID(),
      especialidad: 'Pediatría',
      nota: 'Valorar',
    })
    expect(referral.statusCode).toBe(400)

    await call(admin, 'PATCH', url, { activa: true })
    expect(await offered()).toContain('Pediatría')
    const back = (await patient.call('GET', '/api/profesionales')).json<Profesional[]>()
    // Its professionals kept it while it was retired.
    expect(back.find((entry) => entry.nombre === 'Elena Navarro')?.especialidades).toEqual([
      'Pediatría',
    ])
    const actions = (await call(admin, 'GET', `${BASE}/auditoria`))
      .json<{ accion: string }[]>()
      .map((entry) => entry.accion)
    expect(actions.slice(0, 2)).toEqual(['especialidad.recuperada', 'especialidad.retirada'])
  })
})

describe("a professional's specialties", () => {
  it('are set at creation and changed later, one or more of the offered ones, professionals only', async () => {
    const admin = await signIn(testApp.app, DEMO.admin)
    const created = await createProfessional(admin, ['Pediatría', 'Enfermería'])
    expect(created.statusCode).toBe(201)
    const account = created.json<AdminAccount>()
    expect(account.especialidades).toEqual(['Enfermería', 'Pediatría'])

    const patientWithOne = await call(admin, 'POST', `${BASE}/cuentas`, {
      email: 'paciente-esp@hospital-central.es',
      nombre: 'Paciente',
      rol: 'cliente',
      password: 'una clave muy larga 42',
      especialidades: ['Pediatría'],
    })
    expect(patientWithOne.statusCode).toBe(400)
    expect((await createProfessional(admin, ['Astrología'])).statusCode).toBe(400)
    expect((await createProfessional(admin, Array<string>(11).fill('Pediatría'))).statusCode).toBe(
      400,
    )

    const url = `${BASE}/cuentas/${String(account.id)}`
    const changed = await call(admin, 'PATCH', url, { especialidades: ['Medicina general'] })
    expect(changed.statusCode).toBe(200)
    expect(changed.json<AdminAccount>().especialidades).toEqual(['Medicina general'])
    expect((await call(admin, 'PATCH', url, { especialidades: ['Astrología'] })).statusCode).toBe(
      400,
    )
    const listed = (await call(admin, 'GET', `${BASE}/cuentas?buscar=marta`)).json<AdminAccount[]>()
    expect(listed.map((entry) => entry.especialidades)).toEqual([['Medicina general']])
    const entry = (await call(admin, 'GET', `${BASE}/auditoria`)).json<
      { accion: string; antes: AdminAccount; despues: AdminAccount }[]
    >()[0]
    expect(entry).toMatchObject({
      accion: 'cuenta.especialidades',
      antes: { especialidades: ['Enfermería', 'Pediatría'] },
      despues: { especialidades: ['Medicina general'] },
    })

    // Another hospital's admin cannot touch them.
    const norte = await signIn(testApp.app, DEMO.otherHospitalProfessional)
    expect((await call(norte, 'PATCH', url, { especialidades: [] })).statusCode).toBe(403)
  })

  it('receive referrals to any of them', async () => {
    const admin = await signIn(testApp.app, DEMO.admin)
    const patient = await signIn(testApp.app, DEMO.patient)
    const professional = await signIn(testApp.app, DEMO.professional)
    const pediatrician = await signIn(testApp.app, DEMO.professional2)
    const directory = (await admin.call('GET', '/api/profesionales')).json<Profesional[]>()
    const pediatricianId = directory.find((entry) => entry.nombre === 'Elena Navarro')?.id
    await call(admin, 'PATCH', `${BASE}/cuentas/${String(pediatricianId)}`, {
      especialidades: ['Pediatría', 'Enfermería'],
    })
    const source = (await ask(patient, 'Medicina general')).json<Asistencia>()
    await professional.call('POST', `/api/asistencias/${source.id}/atender`)
    const referral = await professional.call('POST', `/api/asistencias/${source.id}/derivar`, {
      id: randomUUID(),
      especialidad: 'Enfermería',
      nota: 'Curar la herida',
    })
    expect(referral.statusCode).toBe(201)
    const received = (await pediatrician.call('GET', '/api/referidos')).json<{
      recibidas: Asistencia[]
    }>()
    expect(received.recibidas.map((entry) => entry.id)).toEqual([referral.json<Asistencia>().id])
  })
})
