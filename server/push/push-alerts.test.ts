/**
 * Web Push end to end against a push service on 127.0.0.1 that holds the devices' keys: what is
 * pushed, to whom, signed and encrypted how, and what a push service's answers do.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AvisoPush } from '../../src/contract/push.js'
import { DEMO, signIn, type CareClient } from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'
import type { AppDatabase } from '../database/schema.js'
import {
  startTestPushService,
  type TestPushService,
  type TestSubscription,
} from '../testing/push-service.js'

let service: TestPushService
let testApp: TestApp
// The app's database, read behind its back.
let db: AppDatabase

beforeAll(async () => {
  service = await startTestPushService()
})
afterAll(async () => {
  await service.close()
})
beforeEach(async () => {
  db = await createTestDatabase()
  testApp = await createTestApp({
    database: db,
    careSweepIntervalMs: 0,
    push: {
      extraOrigins: [service.origin],
      sender: { pollMs: 50, backoffMs: 50, timeoutMs: 2_000 },
    },
  })
})
afterEach(async () => {
  await testApp.close()
  await db.destroy()
})

async function subscribe(client: CareClient): Promise<TestSubscription> {
  const subscription = service.subscribe()
  const response = await client.call('PUT', '/api/avisos/suscripcion', subscription)
  expect(response.statusCode).toBe(204)
  return subscription
}

const deviceOf = (subscription: TestSubscription) => subscription.endpoint.split('/').pop()
const pushTo = (subscription: TestSubscription, tipo: string) =>
  service.next(
    (push) => push.device === deviceOf(subscription) && (push.payload as AvisoPush).tipo === tipo,
  )

async function createRequest(patient: CareClient, motivo = 'Dolor de cabeza persistente') {
  const id = randomUUID()
  expect((await patient.call('POST', '/api/asistencias', { id, motivo })).statusCode).toBe(201)
  return id
}

describe('Web Push alerts', { timeout: 30_000 }, () => {
  it('gives the VAPID key and pushes a signed, encrypted alert that names no patient', async () => {
    const key = (await testApp.app.inject({ url: '/api/avisos/clave' })).json<{ clave: string }>()
      .clave
    const patient = await signIn(testApp.app, DEMO.patient)
    const professional = await signIn(testApp.app, DEMO.professional)
    const device = await subscribe(patient)
    const id = await createRequest(patient, 'Dolor en el pecho desde hace 20 minutos')

    expect((await professional.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)
    const push = await pushTo(device, 'atendida')

    expect(push.signingKey).toBe(key)
    expect(push.claims.aud).toBe(service.origin)
    expect(push.ttl).toBeGreaterThan(0)
    expect(push.ttl).toBeLessThanOrEqual(30 * 60)
    expect(push.payload).toEqual({
      tipo: 'atendida',
      titulo: 'Hospital Central',
      cuerpo: 'Un profesional ha empezado a atenderte',
      tenant: 'hospital-central',
      url: `/hospital-central/atencion-asistencia/${id}`,
      tag: `asistencia-${id}`,
    })
    const text = JSON.stringify(push.payload)
    expect(text).not.toContain('Lucía')
    expect(text).not.toContain('Dolor')
  })

  it('pushes messages both ways, the end, and nothing a patient wrote', async () => {
    const patient = await signIn(testApp.app, DEMO.patient)
    const professional = await signIn(testApp.app, DEMO.professional)
    const patientDevice = await subscribe(patient)
    const professionalDevice = await subscribe(professional)
    const id = await createRequest(patient)
    await professional.call('POST', `/api/asistencias/${id}/atender`)

    const fromPatient = randomUUID()
    await patient.call('POST', `/api/asistencias/${id}/mensajes`, {
      id: fromPatient,
      texto: 'Me duele mucho, Lucía Martín',
    })
    const toProfessional = await pushTo(professionalDevice, 'mensaje')
    expect(toProfessional.payload).toMatchObject({
      cuerpo: 'Tienes un mensaje nuevo',
      url: `/hospital-central/atencion-asistencia/${id}`,
    })
    expect(JSON.stringify(toProfessional.payload)).not.toContain('duele')

    await professional.call('POST', `/api/asistencias/${id}/mensajes`, {
      id: randomUUID(),
      texto: 'Voy a revisarlo',
    })
    await pushTo(patientDevice, 'mensaje')

    await professional.call('POST', `/api/asistencias/${id}/finalizar`, { resumen: 'Reposo' })
    const end = await pushTo(patientDevice, 'finalizada')
    expect((end.payload as AvisoPush).url).toBe(`/hospital-central/agradecimiento-final/${id}`)
  })

  it('tells every professional of a new immediate request, for no longer than it waits', async () => {
    const professional = await signIn(testApp.app, DEMO.professional)
    const device = await subscribe(professional)
    const body = {
      id: randomUUID(),
      tenant: 'hospital-central',
      nombre: 'Lucía Invitada',
      contacto: '+34 600 123 456',
      motivo: 'Me he cortado la mano y no deja de sangrar.',
      acepta_terminos: true,
    }
    const terms = (
      await testApp.app.inject({ url: '/api/terminos?tenant=hospital-central' })
    ).json<{
      vigentes: { version: number } | null
    }>()
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/asistencias/inmediata',
      payload:
        terms.vigentes === null ? body : { ...body, terminos_version: terms.vigentes.version },
    })
    expect(created.statusCode).toBe(201)
    const guestToken = created.json<{ sesion: { token: string } }>().sesion.token

    const push = await pushTo(device, 'nueva_solicitud')
    expect(push.payload).toMatchObject({
      cuerpo: 'Nueva solicitud de asistencia',
      url: '/hospital-central/profesional',
    })
    expect(JSON.stringify(push.payload)).not.toMatch(/Lucía|cortado|600/)
    const caduca = created.json<{ asistencia: { caduca_en: string } }>().asistencia.caduca_en
    expect(push.ttl).toBeLessThanOrEqual(Math.ceil((Date.parse(caduca) - Date.now()) / 1000) + 1)

    // A guest (immediate care, or a kiosk's walk-in) never subscribes.
    const asGuest = await testApp.app.inject({
      method: 'PUT',
      url: '/api/avisos/suscripcion',
      payload: service.subscribe(),
      headers: { 'x-authorization': `Bearer ${guestToken}` },
    })
    expect(asGuest.statusCode).toBe(403)
  })

  it('pushes a referral to the professional it names and to its patient, to no other colleague', async () => {
    const patient = await signIn(testApp.app, DEMO.patient)
    const professional = await signIn(testApp.app, DEMO.professional)
    const named = await signIn(testApp.app, DEMO.professional2)
    const colleague = await signIn(testApp.app, DEMO.nurse)
    const patientDevice = await subscribe(patient)
    const namedDevice = await subscribe(named)
    const colleagueDevice = await subscribe(colleague)
    const source = await createRequest(patient)
    await professional.call('POST', `/api/asistencias/${source}/atender`)
    const directory = (await professional.call('GET', '/api/profesionales')).json<
      { id: number; especialidad: string | null }[]
    >()
    const namedId = directory.find((entry) => entry.especialidad === 'Pediatría')?.id
    const referral = randomUUID()
    const referred = await professional.call('POST', `/api/asistencias/${source}/derivar`, {
      id: referral,
      profesional_id: namedId,
      nota: 'Valorar por pediatría, Lucía Martín',
    })
    expect(referred.statusCode).toBe(201)

    const toNamed = await pushTo(namedDevice, 'derivacion_recibida')
    expect(toNamed.payload).toEqual({
      tipo: 'derivacion_recibida',
      titulo: 'Hospital Central',
      cuerpo: 'Te han derivado una solicitud',
      tenant: 'hospital-central',
      url: '/hospital-central/referidos',
      tag: `asistencia-${referral}`,
    })
    expect(JSON.stringify(toNamed.payload)).not.toMatch(/Lucía|pediatría|Dolor/)
    expect((await pushTo(patientDevice, 'derivada')).payload).toMatchObject({
      url: `/hospital-central/atencion-asistencia/${referral}`,
    })

    // A colleague's device hears of the next news that is theirs, and never heard of this one.
    const other = await createRequest(patient)
    await colleague.call('POST', `/api/asistencias/${other}/atender`)
    await patient.call('POST', `/api/asistencias/${other}/mensajes`, {
      id: randomUUID(),
      texto: 'Sigo con fiebre',
    })
    await pushTo(colleagueDevice, 'mensaje')
    const toColleague = service.received.filter((push) => push.device === deviceOf(colleagueDevice))
    expect(toColleague.map((push) => (push.payload as AvisoPush).tipo)).toEqual(['mensaje'])
  })

  it('deletes a subscription the push service answers 410 for', async () => {
    const patient = await signIn(testApp.app, DEMO.patient)
    const professional = await signIn(testApp.app, DEMO.professional)
    const device = await subscribe(patient)
    service.script(device.endpoint, [{ status: 410 }])
    const id = await createRequest(patient)
    await professional.call('POST', `/api/asistencias/${id}/atender`)
    const gone = await pushTo(device, 'atendida')
    expect(gone.status).toBe(410)

    await expect.poll(() => countSubscriptions(device.endpoint)).toBe(0)
  })

  it('retries a 429 no sooner than its Retry-After', async () => {
    const patient = await signIn(testApp.app, DEMO.patient)
    const professional = await signIn(testApp.app, DEMO.professional)
    const device = await subscribe(patient)
    service.script(device.endpoint, [{ status: 429, retryAfter: '1' }])
    const id = await createRequest(patient)
    await professional.call('POST', `/api/asistencias/${id}/atender`)

    const refused = await pushTo(device, 'atendida')
    expect(refused.status).toBe(429)
    const delivered = await service.next(
      (push) => push.device === deviceOf(device) && push.status === 201,
    )
    expect(delivered.payload).toEqual(refused.payload)
    expect(delivered.receivedAt - refused.receivedAt).toBeGreaterThanOrEqual(1_000)
    expect(service.received.filter((push) => push.device === deviceOf(device)).length).toBe(2)
  })

  it('refuses endpoints outside the allowed push services, oversized bodies, staff admins', async () => {
    const patient = await signIn(testApp.app, DEMO.patient)
    const keys = service.subscribe().keys
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://127.0.0.1:9/push/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const response = await patient.call('PUT', '/api/avisos/suscripcion', { endpoint, keys })
      expect(response.statusCode, endpoint).toBe(400)
    }
    const known = await patient.call('PUT', '/api/avisos/suscripcion', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys,
    })
    expect(known.statusCode).toBe(204)
    const huge = await patient.call('PUT', '/api/avisos/suscripcion', {
      endpoint: service.subscribe().endpoint,
      keys,
      extra: 'x'.repeat(5000),
    })
    expect(huge.statusCode).toBe(413)
    const admin = await signIn(testApp.app, DEMO.admin)
    expect(
      (await admin.call('PUT', '/api/avisos/suscripcion', service.subscribe())).statusCode,
    ).toBe(403)
  })

  it('moves a shared device to whoever signs in, forgets it on sign-out, bounds devices per account', async () => {
    const patient = await signIn(testApp.app, DEMO.patient)
    const professional = await signIn(testApp.app, DEMO.professional)
    const tablet = await subscribe(patient)
    await subscribe(professional)
    expect((await professional.call('PUT', '/api/avisos/suscripcion', tablet)).statusCode).toBe(204)
    expect(await ownerOf(tablet.endpoint)).toBe('profesional@hospital-central.es')

    // Signing out (or the 401 wipe, without a session): the endpoint alone forgets it.
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/avisos/suscripcion',
      payload: { endpoint: tablet.endpoint },
    })
    expect(removed.statusCode).toBe(204)
    expect(await countSubscriptions(tablet.endpoint)).toBe(0)

    for (let index = 0; index < 12; index++) await subscribe(patient)
    expect(await countOfAccount('demo@hospital-central.es')).toBe(10)
  })
})

async function countSubscriptions(endpoint: string): Promise<number> {
  const rows = await db
    .selectFrom('suscripciones_push')
    .select('id')
    .where('endpoint', '=', endpoint)
    .execute()
  return rows.length
}

async function ownerOf(endpoint: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('suscripciones_push')
    .innerJoin('users', 'users.id', 'suscripciones_push.user_id')
    .select('users.email')
    .where('endpoint', '=', endpoint)
    .executeTakeFirst()
  return row?.email
}

async function countOfAccount(email: string): Promise<number> {
  const rows = await db
    .selectFrom('suscripciones_push')
    .innerJoin('users', 'users.id', 'suscripciones_push.user_id')
    .select('suscripciones_push.id')
    .where('users.email', '=', email)
    .execute()
  return rows.length
}
