import { randomBytes, randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MOTIVO_MAX_LENGTH, type Asistencia } from '../../src/contract/care.js'
import {
  DEFAULT_CADUCIDAD_INMEDIATA_MINUTOS,
  GUEST_SESSION_MAX_MINUTES,
  type AsistenciaInmediataCreada,
} from '../../src/contract/immediate-care.js'
import type { AuditEntry } from '../../src/contract/audit.js'
import type { Quiosco, QuioscoEmitido } from '../../src/contract/kiosks.js'
import { DEMO, requestHelp, signIn, type CareClient } from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp
let clock: number

beforeEach(async () => {
  clock = Date.parse('2026-11-23T10:00:00.000Z')
  testApp = await createTestApp({ now: () => clock, careSweepIntervalMs: 0 })
})

afterEach(async () => {
  await testApp.close()
})

const minutes = (count: number) => count * 60_000

function immediateBody(overrides: object = {}) {
  return {
    id: randomUUID(),
    tenant: 'hospital-central',
    nombre: 'Lucía Invitada',
    contacto: '+34 600 123 456',
    motivo: 'Me he cortado la mano y no deja de sangrar.',
    acepta_terminos: true,
    ...overrides,
  }
}

/** The version of the hospital's terms the person accepts, as the screen would send it. */
async function currentTermsVersion(tenant: string): Promise<number | undefined> {
  const answer = await testApp.app.inject({ url: `/api/terminos?tenant=${tenant}` })
  return answer.json<{ vigentes: { version: number } | null }>().vigentes?.version
}

// Each call from its own address, unless a test names one: only the rate limit's test counts.
let addresses = 0
const nextAddress = () => `203.0.113.${String((addresses++ % 250) + 1)}`

async function send(body: object, remoteAddress = nextAddress()) {
  const { tenant } = body as { tenant?: unknown }
  const version =
    'terminos_version' in body || typeof tenant !== 'string'
      ? undefined
      : await currentTermsVersion(tenant)
  const payload = version === undefined ? body : { ...body, terminos_version: version }
  return testApp.app.inject({
    method: 'POST',
    url: '/api/asistencias/inmediata',
    payload,
    remoteAddress,
  })
}

/** Asks for immediate care; returns the request and a client on its guest session. */
async function askAsGuest(overrides: object = {}) {
  const response = await send(immediateBody(overrides))
  expect(response.statusCode).toBe(201)
  const answer = response.json<AsistenciaInmediataCreada>()
  expect(answer.sesion).not.toBeNull()
  const token = answer.sesion?.token ?? ''
  const guest: CareClient = {
    token,
    call: (method, url, payload) =>
      testApp.app.inject({
        method,
        url,
        payload,
        headers: { 'x-authorization': `Bearer ${token}` },
      }),
  }
  return { answer, guest, id: answer.asistencia.id }
}

function expectSpanish400(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(400)
  const { message } = response.json<{ message: string }>()
  expect(message).toMatch(/[áéíóúñ«]|campo|Escribe|Describe/)
  expect(message).not.toMatch(/\b(must|should|required|property)\b/i)
}

describe('immediate care without an account', () => {
  it('creates an immediate request with a guest session that works like a sign-in', async () => {
    const { answer, guest, id } = await askAsGuest()
    expect(answer.ticket).toBeNull()
    expect(answer.asistencia).toMatchObject({
      id,
      tenant: 'hospital-central',
      estado: 'en_espera',
      origen: 'inmediata',
      paciente: { nombre: 'Lucía Invitada' },
      espera: { posicion: 1 },
      caduca_en: new Date(clock + minutes(DEFAULT_CADUCIDAD_INMEDIATA_MINUTOS)).toISOString(),
    })
    expect(answer.sesion?.user).toEqual({
      nombre: 'Lucía Invitada',
      rol: 'cliente',
      tenant: 'hospital-central',
    })
    const me = await guest.call('GET', '/api/me')
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ nombre: 'Lucía Invitada', rol: 'cliente' })
    expect((await guest.call('GET', `/api/asistencias/${id}`)).json<Asistencia>().id).toBe(id)
    const own = (await guest.call('GET', '/api/asistencias')).json<Asistencia[]>()
    expect(own.map((asistencia) => asistencia.id)).toEqual([id])
  })

  it('answers a repeated send with the same request, and refuses the id for anything else', async () => {
    const body = immediateBody()
    expect((await send(body)).statusCode).toBe(201)
    const again = await send(body)
    expect(again.statusCode).toBe(200)
    expect(again.json<AsistenciaInmediataCreada>().asistencia.id).toBe(body.id)
    const other = await send({ ...body, motivo: 'Otra cosa distinta.' })
    expect(other.statusCode).toBe(409)
    const professional = await signIn(testApp.app, DEMO.professional)
    const queue = (await professional.call('GET', '/api/asistencias')).json<Asistencia[]>()
    expect(queue.filter((asistencia) => asistencia.id === body.id)).toHaveLength(1)
  })

  it('hands the guest session back only to a replay carrying the first send’s secret', async () => {
    const secreto = randomBytes(32).toString('base64url')
    const body = immediateBody({ secreto })
    const first = await send(body)
    expect(first.statusCode).toBe(201)
    const token = first.json<AsistenciaInmediataCreada>().sesion?.token ?? ''
    expect(token).not.toBe('')

    // Anyone who saw the id, reason and contact: the request, never the live session.
    for (const replay of [
      immediateBody({ ...body, secreto: undefined }),
      { ...body, secreto: randomBytes(32).toString('base64url') },
    ]) {
      const answer = await send(replay)
      expect(answer.statusCode).toBe(200)
      expect(answer.json<AsistenciaInmediataCreada>()).toMatchObject({
        asistencia: { id: body.id },
        sesion: null,
      })
      expect(answer.body).not.toContain(token)
    }
    // The first caller, whose answer was lost, gets a session again.
    const own = await send(body)
    expect(own.statusCode).toBe(200)
    expect(own.json<AsistenciaInmediataCreada>().sesion?.token).toEqual(expect.any(String))
    // A secret too short to be random is refused.
    expect((await send(immediateBody({ secreto: 'corto' }))).statusCode).toBe(400)
  })

  it('puts immediate requests first in the professionals queue', async () => {
    const patient = await signIn(testApp.app, DEMO.patient)
    const older = await requestHelp(patient, 'Tos desde hace una semana.')
    clock += minutes(1)
    const { id } = await askAsGuest()
    const professional = await signIn(testApp.app, DEMO.professional)
    const queue = (await professional.call('GET', '/api/asistencias'))
      .json<Asistencia[]>()
      .filter((asistencia) => asistencia.estado === 'en_espera')
    expect(queue.map((asistencia) => asistencia.id)).toEqual([id, older])
    // The signed-in patient's honest position counts the immediate request ahead.
    const mine = (await patient.call('GET', `/api/asistencias/${older}`)).json<Asistencia>()
    expect(mine.espera?.posicion).toBe(2)
  })

  it('lets the guest session see and do nothing but its own request', async () => {
    const patient = await signIn(testApp.app, DEMO.patient)
    const someoneElses = await requestHelp(patient)
    const { guest } = await askAsGuest()
    expect((await guest.call('GET', `/api/asistencias/${someoneElses}`)).statusCode).toBe(404)
    expect((await guest.call('GET', `/api/asistencias/${someoneElses}/mensajes`)).statusCode).toBe(
      404,
    )
    expect((await guest.call('POST', `/api/asistencias/${someoneElses}/cancelar`)).statusCode).toBe(
      404,
    )
    const forbidden = [
      await guest.call('POST', '/api/asistencias', { id: randomUUID(), motivo: 'Otra más' }),
      await guest.call('GET', '/api/profesionales'),
      await guest.call('GET', '/api/asistencias/estadisticas'),
      await guest.call('POST', '/api/terminos/aceptar', { version: 1 }),
      await guest.call('GET', '/api/admin/hospitales/hospital-central/cuentas'),
    ]
    for (const response of forbidden) expect(response.statusCode).toBe(403)
  })

  it('ends the guest session when the consultation ends', async () => {
    const { guest, id } = await askAsGuest()
    const professional = await signIn(testApp.app, DEMO.professional)
    expect((await professional.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)
    const message = await guest.call('POST', `/api/asistencias/${id}/mensajes`, {
      id: randomUUID(),
      texto: 'Sigue sangrando un poco.',
    })
    expect(message.statusCode).toBe(201)
    clock += 1000
    const finished = await professional.call('POST', `/api/asistencias/${id}/finalizar`, {
      resumen: 'Presión diez minutos y vendaje.',
    })
    expect(finished.statusCode).toBe(200)
    const after = await guest.call('GET', `/api/asistencias/${id}`)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ error: 'token_expired' })
    expect((await guest.call('GET', '/api/me')).statusCode).toBe(401)
  })

  it('ends the guest session after two hours even while the consultation goes on', async () => {
    const { guest, id } = await askAsGuest()
    const professional = await signIn(testApp.app, DEMO.professional)
    expect((await professional.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)
    clock += minutes(GUEST_SESSION_MAX_MINUTES) - 1000
    expect((await guest.call('GET', `/api/asistencias/${id}`)).statusCode).toBe(200)
    clock += 1000
    const expired = await guest.call('GET', `/api/asistencias/${id}`)
    expect(expired.statusCode).toBe(401)
    expect(expired.headers['www-authenticate']).toContain('Bearer')
  })

  it('expires an immediate request nobody takes within the hospital limit', async () => {
    const { guest, id } = await askAsGuest()
    clock += minutes(DEFAULT_CADUCIDAD_INMEDIATA_MINUTOS) - 1000
    expect((await guest.call('GET', `/api/asistencias/${id}`)).json<Asistencia>().estado).toBe(
      'en_espera',
    )
    clock += 1000
    const expired = await guest.call('GET', `/api/asistencias/${id}`)
    expect(expired.statusCode).toBe(200)
    expect(expired.json<Asistencia>().estado).toBe('caducada')
    const professional = await signIn(testApp.app, DEMO.professional)
    const taken = await professional.call('POST', `/api/asistencias/${id}/atender`)
    expect(taken.statusCode).toBe(409)
    expect(taken.json<{ message: string }>().message).toBe(
      'La solicitud caducó sin que nadie la atendiera.',
    )
  })

  it('refuses hostile or malformed input on every field with a Spanish 400', async () => {
    const bad: object[] = [
      { nombre: 'x'.repeat(101) },
      { nombre: 'Ana\u0000' },
      { nombre: 'Ana\u202eevil' },
      { nombre: '   ' },
      { contacto: 'no soy un contacto' },
      { contacto: '12' },
      { contacto: 'ana@dominio' },
      { contacto: '600 123 456\u0007' },
      { contacto: `${'a'.repeat(250)}@x.es` },
      { motivo: 'x'.repeat(MOTIVO_MAX_LENGTH + 1) },
      { motivo: 'Dolor\u0000' },
      { motivo: ' \n ' },
      { acepta_terminos: false },
      { id: 'no-es-un-uuid' },
      { presencial: 'sí' },
      { terminos_version: -1 },
      { rol: 'admin' },
    ]
    for (const overrides of bad) expectSpanish400(await send(immediateBody(overrides)))
    const withoutTerms: Record<string, unknown> = immediateBody()
    delete withoutTerms.acepta_terminos
    expectSpanish400(await send(withoutTerms))
    for (const tenant of ['no-existe', '../main', 'main']) {
      const unknown = await send(immediateBody({ tenant }))
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json<{ message: string }>().message).toBe(
        'Este centro no existe o no está activo.',
      )
    }
  })

  it('asks to read the terms again when they changed since the screen showed them', async () => {
    const version = await currentTermsVersion('hospital-central')
    expect(version).toBeDefined()
    const stale = await send(immediateBody({ terminos_version: (version ?? 0) + 1 }))
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ error: 'terms_changed' })
  })

  it('refuses a guest who names no version of the terms, and records the one accepted', async () => {
    const unnamed = await testApp.app.inject({
      method: 'POST',
      url: '/api/asistencias/inmediata',
      payload: immediateBody(),
      remoteAddress: nextAddress(),
    })
    expect(unnamed.statusCode).toBe(409)
    expect(unnamed.json()).toEqual({
      error: 'terms_changed',
      message: 'Los términos y condiciones han cambiado: léelos de nuevo antes de aceptarlos.',
    })
    const response = await send(immediateBody())
    expect(response.statusCode).toBe(201)
    const token = response.json<AsistenciaInmediataCreada>().sesion?.token ?? ''
    const me = await testApp.app.inject({
      url: '/api/me',
      headers: { 'x-authorization': `Bearer ${token}` },
    })
    expect(me.json()).toMatchObject({ terminos_pendientes: false, invitado: true })
  })

  it('accepts an email as the contact', async () => {
    const response = await send(immediateBody({ contacto: '  Lucia@Ejemplo.ES ' }))
    expect(response.statusCode).toBe(201)
  })

  it('limits how many requests one address may send', async () => {
    await testApp.close()
    testApp = await createTestApp({
      now: () => clock,
      careSweepIntervalMs: 0,
      immediateCareRateLimit: { max: 2 },
    })
    const kiosk = '192.0.2.50'
    expect((await send(immediateBody(), kiosk)).statusCode).toBe(201)
    expect((await send(immediateBody(), kiosk)).statusCode).toBe(201)
    const limited = await send(immediateBody(), kiosk)
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ message: string }>().message).toMatch(/^Demasiadas solicitudes/)
    expect((await send(immediateBody(), '198.51.100.9')).statusCode).toBe(201)
  })
})

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }

/** Enrols a kiosk of `tenant` as its administration would; answers its token and an admin client. */
async function enrolKiosk(tenant = 'hospital-central', nombre = 'Recepción') {
  const admin = await signIn(
    testApp.app,
    tenant === 'hospital-central' ? DEMO.admin : PRODUCT_ADMIN,
  )
  const response = await admin.call('POST', `/api/admin/hospitales/${tenant}/quioscos`, { nombre })
  expect(response.statusCode).toBe(201)
  const { quiosco, token } = response.json<QuioscoEmitido>()
  return { admin, quiosco, token }
}

describe('kiosk enrolment', () => {
  it('takes walk-ins only from an enrolled, unrevoked kiosk of the same hospital', async () => {
    const { admin, quiosco, token } = await enrolKiosk()
    const accepted = await send(immediateBody({ presencial: true, quiosco: token }))
    expect(accepted.statusCode).toBe(201)
    expect(accepted.json<AsistenciaInmediataCreada>().ticket).toBe('A-001')

    // No token, a made-up one, another hospital's kiosk: refused, and no ticket is spent.
    const norte = await enrolKiosk('clinica-norte')
    const refusals = [
      immediateBody({ presencial: true }),
      immediateBody({ presencial: true, quiosco: 'x'.repeat(43) }),
      immediateBody({ presencial: true, quiosco: norte.token }),
    ]
    for (const body of refusals) {
      const refused = await send(body)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({
        error: 'kiosk_required',
        message:
          'Este dispositivo no está dado de alta como quiosco del centro. Pide ayuda en recepción.',
      })
    }

    const revoked = await admin.call(
      'POST',
      `/api/admin/hospitales/hospital-central/quioscos/${String(quiosco.id)}/revocar`,
    )
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json<Quiosco>().revocado_en).toBe(new Date(clock).toISOString())
    const afterRevoke = await send(immediateBody({ presencial: true, quiosco: token }))
    expect(afterRevoke.statusCode).toBe(403)

    const next = await enrolKiosk()
    const again = await send(immediateBody({ presencial: true, quiosco: next.token }))
    expect(again.json<AsistenciaInmediataCreada>().ticket).toBe('A-002')
    // The kiosk's token travels in no answer but its enrolment's.
    const list = await admin.call('GET', '/api/admin/hospitales/hospital-central/quioscos')
    expect(list.json<Quiosco[]>().map(({ nombre, revocado_en }) => [nombre, revocado_en])).toEqual([
      ['Recepción', null],
      ['Recepción', new Date(clock).toISOString()],
    ])
    expect(list.body).not.toContain(token)
  })

  it('is managed by the hospital’s administrators only, and audited', async () => {
    const { admin, quiosco } = await enrolKiosk('hospital-central', '  Entrada principal  ')
    expect(quiosco).toMatchObject({ nombre: 'Entrada principal', revocado_en: null })
    for (const credentials of [DEMO.patient, DEMO.professional, DEMO.otherHospitalProfessional]) {
      const other = await signIn(testApp.app, credentials)
      const base = '/api/admin/hospitales/hospital-central/quioscos'
      expect((await other.call('GET', base)).statusCode).toBe(403)
      expect((await other.call('POST', base, { nombre: 'Otro' })).statusCode).toBe(403)
      expect((await other.call('POST', `${base}/${String(quiosco.id)}/revocar`)).statusCode).toBe(
        403,
      )
    }
    // Another hospital's kiosk cannot be revoked through this one's address.
    const norte = await enrolKiosk('clinica-norte')
    expect(
      (
        await admin.call(
          'POST',
          `/api/admin/hospitales/hospital-central/quioscos/${String(norte.quiosco.id)}/revocar`,
        )
      ).statusCode,
    ).toBe(404)
    for (const nombre of ['', '   ', 'x'.repeat(61), 'Recepción\u0000']) {
      const bad = await admin.call('POST', '/api/admin/hospitales/hospital-central/quioscos', {
        nombre,
      })
      expectSpanish400(bad)
    }
    await admin.call(
      'POST',
      `/api/admin/hospitales/hospital-central/quioscos/${String(quiosco.id)}/revocar`,
    )
    const log = await admin.call('GET', '/api/admin/hospitales/hospital-central/auditoria')
    const actions = log.json<AuditEntry[]>().map((entry) => [entry.accion, entry.objeto])
    expect(actions).toContainEqual(['quiosco.alta', `quiosco:${String(quiosco.id)}`])
    expect(actions).toContainEqual(['quiosco.revocado', `quiosco:${String(quiosco.id)}`])
    expect(log.body).not.toMatch(/token_hash/)
  })
})

describe('kiosk walk-ins', () => {
  let kioskToken: string
  beforeEach(async () => {
    kioskToken = (await enrolKiosk()).token
  })

  it('gives each walk-in the day’s next ticket and no session, unique under concurrency', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        send(immediateBody({ presencial: true, quiosco: kioskToken })),
      ),
    )
    const tickets = answers.map((response) => {
      expect(response.statusCode).toBe(201)
      const answer = response.json<AsistenciaInmediataCreada>()
      expect(answer.sesion).toBeNull()
      expect(answer.asistencia).toMatchObject({ origen: 'presencial', ticket: answer.ticket })
      return answer.ticket
    })
    expect(new Set(tickets).size).toBe(12)
    expect([...tickets].sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `A-${String(index + 1).padStart(3, '0')}`),
    )
    // Another hospital counts on its own; so does the next day.
    const norteKiosk = await enrolKiosk('clinica-norte')
    const norte = await send(
      immediateBody({ presencial: true, quiosco: norteKiosk.token, tenant: 'clinica-norte' }),
    )
    expect(norte.json<AsistenciaInmediataCreada>().ticket).toBe('A-001')
    clock += 24 * 60 * 60_000
    const tomorrow = await send(immediateBody({ presencial: true, quiosco: kioskToken }))
    expect(tomorrow.json<AsistenciaInmediataCreada>().ticket).toBe('A-001')
  })

  it('shows the walk-in in the queue with its ticket', async () => {
    const walkIn = (
      await send(immediateBody({ presencial: true, quiosco: kioskToken }))
    ).json<AsistenciaInmediataCreada>()
    const professional = await signIn(testApp.app, DEMO.professional)
    const queue = (await professional.call('GET', '/api/asistencias')).json<Asistencia[]>()
    expect(queue[0]).toMatchObject({
      id: walkIn.asistencia.id,
      origen: 'presencial',
      ticket: 'A-001',
      // The staff can call the person back.
      contacto: '+34 600 123 456',
    })
  })
})

describe('the front desk', () => {
  async function walkInTaken() {
    const { token } = await enrolKiosk()
    const walkIn = (
      await send(immediateBody({ presencial: true, quiosco: token }))
    ).json<AsistenciaInmediataCreada>()
    const professional = await signIn(testApp.app, DEMO.professional)
    const taken = await professional.call(
      'POST',
      `/api/asistencias/${walkIn.asistencia.id}/atender`,
    )
    expect(taken.statusCode).toBe(200)
    return { id: walkIn.asistencia.id, ticket: walkIn.ticket ?? '', professional }
  }

  const display = (tenant = 'hospital-central') =>
    testApp.app.inject({ url: `/api/sala-de-espera?tenant=${tenant}` })

  it('calls a walk-in’s ticket to a room, and the display shows ticket, room and time only', async () => {
    const { id, ticket, professional } = await walkInTaken()
    expect((await display()).json()).toEqual({ llamadas: [] })

    const called = await professional.call('POST', `/api/asistencias/${id}/llamar`, {
      sala: '  Consulta 2 ',
    })
    expect(called.statusCode).toBe(201)
    clock += 60_000
    await professional.call('POST', `/api/asistencias/${id}/llamar`, { sala: 'Consulta 3' })

    const shown = await display()
    expect(shown.statusCode).toBe(200)
    expect(shown.headers['cache-control']).toBe('no-store')
    const { llamadas } = shown.json<{ llamadas: object[] }>()
    expect(llamadas).toEqual([
      {
        id: expect.any(Number) as number,
        ticket,
        sala: 'Consulta 3',
        llamado_en: new Date(clock).toISOString(),
      },
      {
        id: expect.any(Number) as number,
        ticket,
        sala: 'Consulta 2',
        llamado_en: new Date(clock - 60_000).toISOString(),
      },
    ])
    // Nothing of the person leaves for the wall.
    expect(shown.body).not.toMatch(/Lucía|600 123|cortado/)
    // Another hospital's display shows its own; tomorrow starts empty.
    expect((await display('clinica-norte')).json()).toEqual({ llamadas: [] })
    expect((await display('no-existe')).statusCode).toBe(404)
    clock += 24 * 60 * 60_000
    expect((await display()).json()).toEqual({ llamadas: [] })
  })

  it('lets only the walk-in’s own professional call it, while the consultation is on', async () => {
    const { id, professional } = await walkInTaken()
    for (const credentials of [DEMO.professional2, DEMO.patient, DEMO.otherHospitalProfessional]) {
      const other = await signIn(testApp.app, credentials)
      const refused = await other.call('POST', `/api/asistencias/${id}/llamar`, { sala: 'Box 1' })
      expect(refused.statusCode).toBe(404)
    }
    const noSession = await testApp.app.inject({
      method: 'POST',
      url: `/api/asistencias/${id}/llamar`,
      payload: { sala: 'Box 1' },
    })
    expect(noSession.statusCode).toBe(401)
    for (const sala of ['', '   ', 'x'.repeat(41), 'Box\u0000']) {
      expectSpanish400(await professional.call('POST', `/api/asistencias/${id}/llamar`, { sala }))
    }

    const patient = await signIn(testApp.app, DEMO.patient)
    const own = await requestHelp(patient)
    await professional.call('POST', `/api/asistencias/${own}/atender`)
    const notWalkIn = await professional.call('POST', `/api/asistencias/${own}/llamar`, {
      sala: 'Box 1',
    })
    expect(notWalkIn.statusCode).toBe(409)
    await professional.call('POST', `/api/asistencias/${own}/finalizar`, { resumen: 'Bien.' })

    await professional.call('POST', `/api/asistencias/${id}/finalizar`, { resumen: 'Vendaje.' })
    const finished = await professional.call('POST', `/api/asistencias/${id}/llamar`, {
      sala: 'Box 1',
    })
    expect(finished.statusCode).toBe(409)
    expect((await display()).json()).toEqual({ llamadas: [] })
  })
})
