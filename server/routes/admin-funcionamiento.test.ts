/**
 * A hospital opens ready: its terms start from a Spanish template, its opening checklist is read
 * from its data, and its request expiry limits are set by its administrators within bounds.
 */
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EntradaAuditoria } from '../../src/contract/accounts.js'
import type { Asistencia } from '../../src/contract/care.js'
import {
  IMMEDIATE_EXPIRY_MINUTES,
  REQUEST_EXPIRY_MINUTES,
  type Funcionamiento,
  type PuestaEnMarcha,
} from '../../src/contract/hospital-operation.js'
import type { TerminosVigentes } from '../../src/contract/join.js'
import { DEMO, newPatient, signIn, type CareClient } from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }
const TENANT = 'hospital-nuevo'
const BASE = `/api/admin/hospitales/${TENANT}`

let testApp: TestApp
let productAdmin: CareClient

beforeEach(async () => {
  testApp = await createTestApp()
  productAdmin = await signIn(testApp.app, PRODUCT_ADMIN)
  const created = await productAdmin.call('POST', '/api/admin/hospitales', {
    tenant: TENANT,
    nombre: 'Hospital Nuevo',
    color_primario: '#0a5a8a',
    color_secundario: '#e6f0f7',
  })
  expect(created.statusCode).toBe(201)
})

afterEach(async () => {
  await testApp.close()
})

function send(client: CareClient, method: 'PATCH' | 'POST', url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    payload,
    headers: { 'x-authorization': `Bearer ${client.token}` },
  })
}

async function steps(client = productAdmin): Promise<PuestaEnMarcha> {
  const answer = await client.call('GET', `${BASE}/puesta-en-marcha`)
  expect(answer.statusCode).toBe(200)
  return answer.json<PuestaEnMarcha>()
}

async function uploadLogo() {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 4, background: '#0a5a8a' },
  })
    .png()
    .toBuffer()
  const boundary = '----clinica-test-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const answer = await testApp.app.inject({
    method: 'POST',
    url: `${BASE}/logo`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-authorization': `Bearer ${productAdmin.token}`,
    },
  })
  expect(answer.statusCode).toBe(200)
}

describe("a new hospital's terms", () => {
  it('start from a Spanish template naming the hospital, published as edited', async () => {
    const none = await testApp.app.inject({ url: `/api/terminos?tenant=${TENANT}` })
    expect(none.json<TerminosVigentes>().vigentes).toBeNull()

    const template = await productAdmin.call('GET', `${BASE}/terminos/plantilla`)
    expect(template.statusCode).toBe(200)
    const { texto } = template.json<{ texto: string }>()
    expect(texto).toContain('Términos y condiciones')
    expect(texto).toContain('Hospital Nuevo')
    expect(texto).toContain('112')

    const edited = `${texto}\n\n6. Contacto: atención al paciente en el mostrador de admisión.`
    const published = await send(productAdmin, 'POST', `${BASE}/terminos`, { texto: edited })
    expect(published.statusCode).toBe(201)
    const current = await testApp.app.inject({ url: `/api/terminos?tenant=${TENANT}` })
    expect(current.json<TerminosVigentes>().vigentes).toMatchObject({ version: 1, texto: edited })
  })

  it("is the hospital's admins' and the product's only", async () => {
    for (const credentials of [DEMO.admin, DEMO.patient, DEMO.professional]) {
      const other = await signIn(testApp.app, credentials)
      expect((await other.call('GET', `${BASE}/terminos/plantilla`)).statusCode).toBe(403)
      expect((await other.call('GET', `${BASE}/puesta-en-marcha`)).statusCode).toBe(403)
    }
    const unknown = await productAdmin.call(
      'GET',
      '/api/admin/hospitales/no-existe/terminos/plantilla',
    )
    expect(unknown.statusCode).toBe(404)
  })
})

describe("a new hospital's opening checklist", () => {
  it('starts with nothing done and ticks each step from real data', async () => {
    expect(await steps()).toEqual({
      colores_y_logo: false,
      telefono: false,
      terminos: false,
      especialidades: false,
      primer_profesional: false,
      pagina_instalacion: false,
    })

    await uploadLogo()
    const hospital = await productAdmin.call('GET', BASE)
    const phone = await testApp.app.inject({
      method: 'PATCH',
      url: BASE,
      payload: { telefono: '+34 910 555 010' },
      headers: {
        'x-authorization': `Bearer ${productAdmin.token}`,
        'if-match': String(hospital.headers.etag),
      },
    })
    expect(phone.statusCode).toBe(200)
    expect(
      (await send(productAdmin, 'POST', `${BASE}/terminos`, { texto: 'Términos del centro.' }))
        .statusCode,
    ).toBe(201)
    expect(
      (await send(productAdmin, 'POST', `${BASE}/especialidades`, { nombre: 'Pediatría' }))
        .statusCode,
    ).toBe(201)
    // A patient is not a professional: the step waits for the first professional.
    await newPatient(testApp.app, TENANT)
    expect((await steps()).primer_profesional).toBe(false)
    expect(
      (
        await send(productAdmin, 'POST', `${BASE}/cuentas`, {
          email: `pro-${randomUUID().slice(0, 8)}@${TENANT}.es`,
          nombre: 'Marta Gil',
          rol: 'profesional',
          password: 'una clave muy larga 42',
          especialidades: ['Pediatría'],
        })
      ).statusCode,
    ).toBe(201)
    expect(await steps()).toEqual({
      colores_y_logo: true,
      telefono: true,
      terminos: true,
      especialidades: true,
      primer_profesional: true,
      pagina_instalacion: false,
    })

    // Opening the install page to print it is recorded once, and audited once.
    for (let time = 0; time < 2; time++) {
      const printed = await send(
        productAdmin,
        'POST',
        `${BASE}/puesta-en-marcha/instalacion-impresa`,
      )
      expect(printed.statusCode).toBe(204)
    }
    expect((await steps()).pagina_instalacion).toBe(true)
    const audit = await productAdmin.call('GET', `${BASE}/auditoria`)
    const printedEntries = audit
      .json<EntradaAuditoria[]>()
      .filter((entry) => entry.accion === 'hospital.instalacion_impresa')
    expect(printedEntries).toHaveLength(1)

    const unknown = await send(
      productAdmin,
      'POST',
      '/api/admin/hospitales/no-existe/puesta-en-marcha/instalacion-impresa',
    )
    expect(unknown.statusCode).toBe(404)
  })
})

describe("a hospital's request expiry limits", () => {
  it('start at 30 and 10 minutes, change within bounds, audited, and rule new requests', async () => {
    const admin = await signIn(testApp.app, DEMO.admin)
    const path = '/api/admin/hospitales/hospital-central/funcionamiento'
    const read = await admin.call('GET', path)
    expect(read.statusCode).toBe(200)
    expect(read.json<Funcionamiento>()).toEqual({
      caducidad_minutos: 30,
      caducidad_inmediata_minutos: 10,
    })

    const changed = await admin.call('PUT', path, {
      caducidad_minutos: 45,
      caducidad_inmediata_minutos: 15,
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json<Funcionamiento>()).toEqual({
      caducidad_minutos: 45,
      caducidad_inmediata_minutos: 15,
    })
    // Saving the same values again changes nothing and audits nothing.
    expect(
      (await admin.call('PUT', path, { caducidad_minutos: 45, caducidad_inmediata_minutos: 15 }))
        .statusCode,
    ).toBe(200)
    const audit = await admin.call('GET', '/api/admin/hospitales/hospital-central/auditoria')
    const entries = audit
      .json<EntradaAuditoria[]>()
      .filter((entry) => entry.accion === 'hospital.funcionamiento')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      autor: DEMO.admin.email,
      antes: { caducidad_minutos: 30, caducidad_inmediata_minutos: 10 },
      despues: { caducidad_minutos: 45, caducidad_inmediata_minutos: 15 },
    })

    const patient = await signIn(testApp.app, DEMO.patient)
    const created = await patient.call('POST', '/api/asistencias', {
      id: randomUUID(),
      motivo: 'Me duele la cabeza desde ayer.',
    })
    expect(created.statusCode).toBe(201)
    const request = created.json<Asistencia>()
    expect(Date.parse(request.caduca_en) - Date.parse(request.creada_en)).toBe(45 * 60_000)
    expect((await patient.call('POST', `/api/asistencias/${request.id}/cancelar`)).statusCode).toBe(
      200,
    )
  })

  it('refuses values out of bounds, malformed bodies and anyone but its admins', async () => {
    const admin = await signIn(testApp.app, DEMO.admin)
    const path = '/api/admin/hospitales/hospital-central/funcionamiento'
    for (const body of [
      { caducidad_minutos: REQUEST_EXPIRY_MINUTES.min - 1, caducidad_inmediata_minutos: 10 },
      { caducidad_minutos: REQUEST_EXPIRY_MINUTES.max + 1, caducidad_inmediata_minutos: 10 },
      { caducidad_minutos: 30, caducidad_inmediata_minutos: IMMEDIATE_EXPIRY_MINUTES.min - 1 },
      { caducidad_minutos: 30, caducidad_inmediata_minutos: IMMEDIATE_EXPIRY_MINUTES.max + 1 },
      { caducidad_minutos: 30.5, caducidad_inmediata_minutos: 10 },
      { caducidad_minutos: '30', caducidad_inmediata_minutos: 10 },
      { caducidad_minutos: 30 },
      { caducidad_minutos: 30, caducidad_inmediata_minutos: 10, extra: 1 },
    ]) {
      const answer = await admin.call('PUT', path, body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await admin.call('GET', path)).json<Funcionamiento>().caducidad_minutos).toBe(30)

    for (const credentials of [DEMO.patient, DEMO.professional, DEMO.otherHospitalProfessional]) {
      const other = await signIn(testApp.app, credentials)
      expect((await other.call('GET', path)).statusCode).toBe(403)
      expect(
        (await other.call('PUT', path, { caducidad_minutos: 60, caducidad_inmediata_minutos: 10 }))
          .statusCode,
      ).toBe(403)
    }
    // The product's administrator sets them for a new hospital too.
    const own = await productAdmin.call('PUT', `${BASE}/funcionamiento`, {
      caducidad_minutos: REQUEST_EXPIRY_MINUTES.max,
      caducidad_inmediata_minutos: IMMEDIATE_EXPIRY_MINUTES.min,
    })
    expect(own.statusCode).toBe(200)
    const unknown = await productAdmin.call('GET', '/api/admin/hospitales/no-existe/funcionamiento')
    expect(unknown.statusCode).toBe(404)
  })
})
