import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import {
  CREDENCIALES_RELAY_VIGENCIA_MS,
  LLAMADA_DURACION_MAX_MS,
  LLAMADA_TONO_MS,
  SENAL_VIGENCIA_MS,
  SENALES_POR_MINUTO,
  type ConfiguracionIce,
  type Llamada,
  type SenalRecibida,
} from '../../src/contract/calls.js'
import { EVENTOS } from '../../src/contract/care.js'
import type { BuildAppOptions } from '../app.js'
import { mintRelayCredential } from '../care/relay-credentials.js'
import { DEMO, newPatient, requestHelp, signIn, type CareClient } from '../testing/care-client.js'
import { openEventStream, type TestEventStream } from '../testing/event-stream.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp | undefined
let baseUrl = ''
let clock = Date.parse('2026-11-26T10:00:00.000Z')
const streams: TestEventStream[] = []

async function start(options: Partial<BuildAppOptions> = {}) {
  clock = Date.parse('2026-11-26T10:00:00.000Z')
  testApp = await createTestApp({ careSweepIntervalMs: 0, now: () => clock, ...options })
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  return testApp.app
}

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close()
  await testApp?.close()
  testApp = undefined
})

async function stream(client: CareClient, lastEventId?: string) {
  const opened = await openEventStream(baseUrl, client.token, { lastEventId })
  streams.push(opened)
  return opened
}

const llamada = (event: { data: string }) => JSON.parse(event.data) as Llamada
const senal = (event: { data: string }) => JSON.parse(event.data) as SenalRecibida
const callEvent = (id: string, estado?: string) => (event: { event?: string; data: string }) =>
  event.event === EVENTOS.llamada &&
  llamada(event).id === id &&
  (estado === undefined || llamada(event).estado === estado)

const OFFER = { descripcion: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } }

/** A patient's request taken by the demo professional: a consultation `en_curso`. */
async function consultation() {
  const app = testApp?.app
  if (!app) throw new Error('start() first')
  const patient = await signIn(app, DEMO.patient)
  const professional = await signIn(app, DEMO.professional)
  const id = await requestHelp(patient, 'Tos fuerte desde hace tres días.')
  expect((await professional.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)
  return { patient, professional, id }
}

async function startCall(client: CareClient, id: string, video = true) {
  const callId = randomUUID()
  const response = await client.call('POST', `/api/asistencias/${id}/llamadas`, {
    id: callId,
    video,
  })
  expect(response.statusCode).toBe(201)
  return response.json<Llamada>()
}

const action = (client: CareClient, id: string, callId: string, verb: string, body?: object) =>
  client.call('POST', `/api/asistencias/${id}/llamadas/${callId}/${verb}`, body)

/** A call the professional started and the patient answered: running. */
async function runningCall(patient: CareClient, professional: CareClient, id: string) {
  const call = await startCall(professional, id)
  expect((await action(patient, id, call.id, 'aceptar')).statusCode).toBe(200)
  return call
}

/** The consultation's calls, as `client` reads them. */
async function callsOf(client: CareClient, id: string) {
  return (await client.call('GET', `/api/asistencias/${id}/llamadas`)).json<Llamada[]>()
}

/** Who the hospital's audit trail names for the end of the consultation `id`'s call. */
async function callEndAuthor(reader: CareClient, id: string) {
  const trail = await reader.call('GET', '/api/admin/hospitales/hospital-central/auditoria')
  return trail
    .json<{ accion: string; objeto: string; autor: string }[]>()
    .find((entry) => entry.objeto === id && entry.accion === 'llamada.terminada')?.autor
}

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }

describe('calls inside a consultation', { timeout: 20_000 }, () => {
  it('rings the other side, connects on Aceptar, passes signals to the other side only, and hangs up for both', async () => {
    await start()
    const { patient, professional, id } = await consultation()
    const patientStream = await stream(patient)
    const professionalStream = await stream(professional)

    const call = await startCall(professional, id)
    expect(call).toMatchObject({ estado: 'sonando', video: true, iniciada_por: 'profesional' })
    await patientStream.next(callEvent(call.id, 'sonando'))
    // The caller cannot answer their own call.
    expect((await action(professional, id, call.id, 'aceptar')).statusCode).toBe(409)

    const accepted = await action(patient, id, call.id, 'aceptar')
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json<Llamada>()).toMatchObject({ estado: 'en_curso' })
    await professionalStream.next(callEvent(call.id, 'en_curso'))

    const sent = await action(professional, id, call.id, 'senales', OFFER)
    expect(sent.statusCode).toBe(204)
    const received = senal(await patientStream.next((event) => event.event === EVENTOS.senal))
    expect(received).toEqual({ llamada_id: call.id, de: 'profesional', senal: OFFER })
    await action(patient, id, call.id, 'senales', {
      candidato: {
        candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    })
    const back = senal(await professionalStream.next((event) => event.event === EVENTOS.senal))
    expect(back.de).toBe('paciente')
    // Each side received only the other's signal.
    expect(patientStream.events.filter((event) => event.event === EVENTOS.senal)).toHaveLength(1)
    expect(professionalStream.events.filter((event) => event.event === EVENTOS.senal)).toHaveLength(
      1,
    )

    const hung = await action(patient, id, call.id, 'colgar', {})
    expect(hung.json<Llamada>()).toMatchObject({ estado: 'terminada', motivo_fin: 'colgada' })
    await professionalStream.next(callEvent(call.id, 'terminada'))
    expect((await action(professional, id, call.id, 'senales', OFFER)).statusCode).toBe(409)

    const list = await patient.call('GET', `/api/asistencias/${id}/llamadas`)
    expect(list.json<Llamada[]>()).toEqual([
      expect.objectContaining({ id: call.id, estado: 'terminada' }),
    ])
  })

  it('exists only for its two participants: anyone else gets 404, whatever they try', async () => {
    const app = await start()
    const { professional, id } = await consultation()
    const call = await startCall(professional, id, false)
    const strangers = [
      await newPatient(app),
      await signIn(app, DEMO.professional2),
      await signIn(app, DEMO.admin),
      await signIn(app, DEMO.otherHospitalProfessional),
    ]
    for (const stranger of strangers) {
      const attempts = [
        stranger.call('GET', `/api/asistencias/${id}/llamadas`),
        stranger.call('POST', `/api/asistencias/${id}/llamadas`, { id: randomUUID(), video: true }),
        action(stranger, id, call.id, 'aceptar'),
        action(stranger, id, call.id, 'colgar', {}),
        action(stranger, id, call.id, 'senales', OFFER),
      ]
      for (const answer of await Promise.all(attempts)) expect(answer.statusCode).toBe(404)
    }
    // Nothing a stranger did changed the call.
    const list = await professional.call('GET', `/api/asistencias/${id}/llamadas`)
    expect(list.json<Llamada[]>()[0]).toMatchObject({ estado: 'sonando' })
  })

  it('is only for a consultation en_curso, and finishing the consultation ends its call', async () => {
    const app = await start()
    const patient = await signIn(app, DEMO.patient)
    const professional = await signIn(app, DEMO.professional)
    const waiting = await requestHelp(patient)
    const early = await patient.call('POST', `/api/asistencias/${waiting}/llamadas`, {
      id: randomUUID(),
      video: true,
    })
    expect(early.statusCode).toBe(409)
    expect(early.json()).toMatchObject({ error: 'estado_no_valido' })

    await professional.call('POST', `/api/asistencias/${waiting}/atender`)
    const patientStream = await stream(patient)
    const call = await startCall(patient, waiting)
    await action(professional, waiting, call.id, 'aceptar')
    const finished = await professional.call('POST', `/api/asistencias/${waiting}/finalizar`, {
      resumen: 'Reposo y líquidos.',
    })
    expect(finished.statusCode).toBe(200)
    const ended = llamada(await patientStream.next(callEvent(call.id, 'terminada')))
    expect(ended.motivo_fin).toBe('consulta_finalizada')
    const late = await patient.call('POST', `/api/asistencias/${waiting}/llamadas`, {
      id: randomUUID(),
      video: false,
    })
    expect(late.statusCode).toBe(409)
  })

  it('holds one active call per consultation: both pressing at once gives one call', async () => {
    await start()
    const { patient, professional, id } = await consultation()
    const [a, b] = await Promise.all(
      [patient, professional].map((client) =>
        client.call('POST', `/api/asistencias/${id}/llamadas`, { id: randomUUID(), video: true }),
      ),
    )
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409])
    const loser = a?.statusCode === 409 ? a : b
    expect(loser?.json()).toMatchObject({ error: 'llamada_activa' })
    expect((await patient.call('GET', `/api/asistencias/${id}/llamadas`)).json()).toHaveLength(1)

    // A repeat of the winner's request answers the same call.
    const winner = (a?.statusCode === 201 ? a : b)?.json<Llamada>()
    const winnerClient = winner?.iniciada_por === 'paciente' ? patient : professional
    const repeat = await winnerClient.call('POST', `/api/asistencias/${id}/llamadas`, {
      id: winner?.id,
      video: true,
    })
    expect(repeat.statusCode).toBe(200)
    expect(repeat.json<Llamada>().id).toBe(winner?.id)
  })

  it('never replays a signal once its call has ended or it has gone stale', async () => {
    await start()
    const { patient, professional, id } = await consultation()
    const before = await stream(patient)
    const call = await startCall(professional, id)
    await action(patient, id, call.id, 'aceptar')
    await action(professional, id, call.id, 'senales', OFFER)
    await before.next((event) => event.event === EVENTOS.senal)
    const from = before.events.find(callEvent(call.id, 'sonando'))?.id
    before.close()

    // Resumed while the signal is fresh: it is delivered.
    const fresh = await stream(patient, from)
    await fresh.next((event) => event.event === EVENTOS.senal)
    fresh.close()

    // Resumed once it is older than a negotiation lasts: the call's news, not the signal.
    clock += SENAL_VIGENCIA_MS + 1
    const stale = await stream(patient, from)
    await stale.next(callEvent(call.id, 'en_curso'))
    await action(professional, id, call.id, 'colgar', {})
    await stale.next(callEvent(call.id, 'terminada'))
    expect(stale.events.some((event) => event.event === EVENTOS.senal)).toBe(false)

    // Resumed after the call ended, even within the signal's lifetime: nothing of it.
    clock -= SENAL_VIGENCIA_MS
    const ended = await stream(patient, from)
    await ended.next(callEvent(call.id, 'terminada'))
    expect(ended.events.some((event) => event.event === EVENTOS.senal)).toBe(false)
  })

  it('stops ringing after 45 s and ends at two hours, by the sweep or on the next action', async () => {
    await start({ careSweepIntervalMs: 20 })
    const { patient, professional, id } = await consultation()
    const patientStream = await stream(patient)
    const unanswered = await startCall(professional, id)
    clock += LLAMADA_TONO_MS
    const missed = llamada(await patientStream.next(callEvent(unanswered.id, 'terminada')))
    expect(missed.motivo_fin).toBe('sin_respuesta')
    expect((await action(patient, id, unanswered.id, 'aceptar')).statusCode).toBe(409)

    const long = await startCall(patient, id, false)
    await action(professional, id, long.id, 'aceptar')
    clock += LLAMADA_DURACION_MAX_MS
    const capped = llamada(await patientStream.next(callEvent(long.id, 'terminada')))
    expect(capped.motivo_fin).toBe('duracion_maxima')
  })

  it('limits the signals one participant sends, at a pace no negotiation reaches', async () => {
    await start()
    const { patient, professional, id } = await consultation()
    const call = await startCall(professional, id)
    await action(patient, id, call.id, 'aceptar')
    const candidate = {
      candidato: {
        candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    }
    for (let sent = 0; sent < SENALES_POR_MINUTO; sent += 1) {
      expect((await action(professional, id, call.id, 'senales', candidate)).statusCode).toBe(204)
    }
    const refused = await action(professional, id, call.id, 'senales', candidate)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    // The other side's own signals are counted apart.
    expect((await action(patient, id, call.id, 'senales', candidate)).statusCode).toBe(204)
  })

  it('refuses malformed and oversized signals', async () => {
    await start()
    const { patient, professional, id } = await consultation()
    const call = await startCall(professional, id)
    await action(patient, id, call.id, 'aceptar')
    for (const body of [
      {},
      { descripcion: { type: 'rollback', sdp: 'x' } },
      { descripcion: { type: 'offer', sdp: 'x'.repeat(20_000) } },
      { candidato: { candidate: 'x', sdpMid: '0', sdpMLineIndex: 0, extra: 1 } },
      { descripcion: OFFER.descripcion, candidato: null },
    ]) {
      const answer = await action(professional, id, call.id, 'senales', body)
      expect([400, 413]).toContain(answer.statusCode)
    }
  })

  it('records the start and the end of a call in the hospital’s audit trail, not its content', async () => {
    const app = await start()
    const { patient, professional, id } = await consultation()
    const call = await startCall(patient, id)
    await action(professional, id, call.id, 'rechazar')
    const admin = await signIn(app, DEMO.admin)
    const trail = await admin.call('GET', '/api/admin/hospitales/hospital-central/auditoria')
    const entries = trail.json<{ accion: string; objeto: string; despues: unknown }[]>()
    const ofCall = entries.filter(
      (entry) => entry.objeto === id && entry.accion.startsWith('llamada.'),
    )
    expect(ofCall.map((entry) => entry.accion).sort()).toEqual([
      'llamada.iniciada',
      'llamada.terminada',
    ])
    expect(ofCall.find((entry) => entry.accion === 'llamada.terminada')?.despues).toMatchObject({
      llamada: call.id,
      motivo_fin: 'rechazada',
    })
  })
})

describe('a call and its participants’ sessions', { timeout: 20_000 }, () => {
  it('ends at once when an administrator disables a participant, and no other call', async () => {
    const app = await start()
    const patient = await newPatient(app)
    const professional = await signIn(app, DEMO.professional)
    const id = await requestHelp(patient, 'Me cuesta respirar al subir escaleras.')
    await professional.call('POST', `/api/asistencias/${id}/atender`)
    const other = await consultation()
    const professionalStream = await stream(professional)
    const call = await runningCall(patient, professional, id)
    const untouched = await startCall(other.patient, other.id)

    const admin = await signIn(app, DEMO.admin)
    const patientId = (await patient.call('GET', '/api/me')).json<{ id: number }>().id
    const disabled = await app.inject({
      method: 'PATCH',
      url: `/api/admin/hospitales/hospital-central/cuentas/${String(patientId)}`,
      headers: { 'x-authorization': `Bearer ${admin.token}` },
      payload: { activo: false },
    })
    expect(disabled.statusCode).toBe(200)

    const ended = llamada(await professionalStream.next(callEvent(call.id, 'terminada')))
    expect(ended.motivo_fin).toBe('sesion_terminada')
    expect(await callsOf(professional, id)).toEqual([
      expect.objectContaining({ id: call.id, estado: 'terminada', motivo_fin: 'sesion_terminada' }),
    ])
    expect((await action(professional, id, call.id, 'senales', OFFER)).statusCode).toBe(409)
    expect(await callsOf(other.patient, other.id)).toEqual([
      expect.objectContaining({ id: untouched.id, estado: 'sonando' }),
    ])
    // Who disabled the account ended the call.
    expect(await callEndAuthor(admin, id)).toBe('admin@hospital-central.es')
  })

  it('ends at once when a participant chooses a new password, from any of their devices', async () => {
    const app = await start()
    const { patient, professional, id } = await consultation()
    const patientStream = await stream(patient)
    const call = await runningCall(patient, professional, id)

    // The professional changes the password on another device: every older session ends.
    const elsewhere = await signIn(app, DEMO.professional)
    const changed = await elsewhere.call('POST', '/api/perfil/contrasena', {
      actual: DEMO.professional.password,
      nueva: 'otra-clave-bastante-larga',
    })
    expect(changed.statusCode).toBe(200)

    const ended = llamada(await patientStream.next(callEvent(call.id, 'terminada')))
    expect(ended.motivo_fin).toBe('sesion_terminada')
    expect(await callsOf(patient, id)).toEqual([
      expect.objectContaining({ id: call.id, estado: 'terminada', motivo_fin: 'sesion_terminada' }),
    ])
    expect(await callEndAuthor(await signIn(app, DEMO.admin), id)).toBe(DEMO.professional.email)
  })

  it('ends at once when a participant sets a new password with an access code', async () => {
    const app = await start()
    const { patient, professional, id } = await consultation()
    const professionalStream = await stream(professional)
    const call = await runningCall(patient, professional, id)

    const admin = await signIn(app, DEMO.admin)
    const patientId = (await patient.call('GET', '/api/me')).json<{ id: number }>().id
    const issued = await app.inject({
      method: 'PATCH',
      url: `/api/admin/hospitales/hospital-central/cuentas/${String(patientId)}`,
      headers: { 'x-authorization': `Bearer ${admin.token}` },
      payload: { restablecer_acceso: true },
    })
    // Giving a code ends nothing yet: the call runs on.
    expect(await callsOf(professional, id)).toEqual([
      expect.objectContaining({ id: call.id, estado: 'en_curso' }),
    ])
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/restablecer-acceso',
      payload: {
        tenant: DEMO.patient.tenant,
        email: DEMO.patient.email,
        codigo: issued.json<{ codigo_acceso: string }>().codigo_acceso,
        password: 'otra-clave-bastante-larga',
      },
    })
    expect(reset.statusCode).toBe(204)

    const ended = llamada(await professionalStream.next(callEvent(call.id, 'terminada')))
    expect(ended.motivo_fin).toBe('sesion_terminada')
    expect(await callsOf(professional, id)).toEqual([
      expect.objectContaining({ id: call.id, estado: 'terminada', motivo_fin: 'sesion_terminada' }),
    ])
    expect(await callEndAuthor(admin, id)).toBe(DEMO.patient.email)
  })

  it('ends at once when the product administrator disables the hospital, and no other hospital’s', async () => {
    const app = await start()
    const { patient, professional, id } = await consultation()
    const patientStream = await stream(patient)
    const call = await runningCall(patient, professional, id)
    const running = await patientStream.next(callEvent(call.id, 'en_curso'))
    const norte = {
      patient: await newPatient(app, 'clinica-norte'),
      professional: await signIn(app, DEMO.otherHospitalProfessional),
    }
    const norteId = await requestHelp(norte.patient)
    await norte.professional.call('POST', `/api/asistencias/${norteId}/atender`)
    const norteCall = await runningCall(norte.patient, norte.professional, norteId)

    const product = await signIn(app, PRODUCT_ADMIN)
    const setActive = async (activo: boolean) => {
      const read = await product.call('GET', '/api/admin/hospitales/hospital-central')
      const changed = await app.inject({
        method: 'PATCH',
        url: '/api/admin/hospitales/hospital-central',
        headers: {
          'x-authorization': `Bearer ${product.token}`,
          'if-match': String(read.headers.etag),
        },
        payload: { activo },
      })
      expect(changed.statusCode).toBe(200)
    }
    await setActive(false)
    // Everyone's session there ends, the patient's stream with it.
    await patientStream.ended
    await setActive(true)

    // Back in, the patient finds the call over, and a stream resumed where theirs stopped is told.
    const back = await signIn(app, DEMO.patient)
    expect(await callsOf(back, id)).toEqual([
      expect.objectContaining({ id: call.id, estado: 'terminada', motivo_fin: 'sesion_terminada' }),
    ])
    const resumed = await stream(back, running.id)
    await resumed.next(callEvent(call.id, 'terminada'))
    // The consultation itself goes on, free for a new call.
    await startCall(back, id)
    expect(await callsOf(norte.patient, norteId)).toEqual([
      expect.objectContaining({ id: norteCall.id, estado: 'en_curso' }),
    ])
    expect(await callEndAuthor(product, id)).toBe(PRODUCT_ADMIN.email)
  })

  it('cannot outlive a closed account: a patient in a consultation is asked to end it first', async () => {
    const app = await start()
    const patient = await newPatient(app)
    const professional = await signIn(app, DEMO.professional)
    const id = await requestHelp(patient)
    await professional.call('POST', `/api/asistencias/${id}/atender`)
    const call = await runningCall(patient, professional, id)

    const closing = await patient.call('POST', '/api/perfil/cerrar', {
      password: 'contrasena-segura',
    })
    expect(closing.statusCode).toBe(409)
    expect(closing.json()).toMatchObject({ error: 'estado_no_valido' })
    expect(await callsOf(professional, id)).toEqual([
      expect.objectContaining({ id: call.id, estado: 'en_curso' }),
    ])
  })
})

describe('relay credentials', () => {
  it('mints the TURN REST credential: base64 of HMAC-SHA1 of the username under the secret', () => {
    // Computed apart from the code under test (Python's hmac and base64).
    expect(mintRelayCredential('clave-compartida-del-rele', '1700007800:42')).toBe(
      '2gvn4ST20OPhGLyDL7ppFqpV3pA=',
    )
  })

  it('gives STUN only without a relay, and says so', async () => {
    const app = await start({
      relay: { turnUrls: [], turnSecret: undefined, stunUrls: ['stun:127.0.0.1:3478'] },
    })
    const patient = await signIn(app, DEMO.patient)
    const answer = await patient.call('GET', '/api/llamadas/ice')
    expect(answer.statusCode).toBe(200)
    expect(answer.json<ConfiguracionIce>()).toEqual({
      iceServers: [{ urls: ['stun:127.0.0.1:3478'] }],
      relay: false,
      caduca_en: null,
    })
  })

  it('gives each account short-lived relay credentials the relay can check with its secret', async () => {
    const secret = 'secreto-del-rele-de-pruebas'
    const app = await start({
      relay: { turnUrls: ['turn:127.0.0.1:3478?transport=udp'], turnSecret: secret, stunUrls: [] },
    })
    expect((await app.inject({ url: '/api/llamadas/ice' })).statusCode).toBe(401)
    const patient = await signIn(app, DEMO.patient)
    const answer = (await patient.call('GET', '/api/llamadas/ice')).json<ConfiguracionIce>()
    const [server] = answer.iceServers
    const expiry = Math.floor((clock + CREDENCIALES_RELAY_VIGENCIA_MS) / 1000)
    expect(answer.relay).toBe(true)
    expect(server?.urls).toEqual(['turn:127.0.0.1:3478?transport=udp'])
    expect(server?.username).toMatch(new RegExp(`^${String(expiry)}:\\d+$`))
    expect(server?.credential).toBe(mintRelayCredential(secret, server?.username ?? ''))
    expect(answer.caduca_en).toBe(new Date(expiry * 1000).toISOString())
  })
})
