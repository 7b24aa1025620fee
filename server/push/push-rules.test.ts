import { describe, expect, it } from 'vitest'
import { planAlerts } from './alert-plan.js'
import { isAllowedPushEndpoint, parsePushServiceOrigins } from './endpoint-policy.js'
import { parseRetryAfter } from './push-sender.js'
import type { AvisoAsunto } from '../repositories/avisos-pendientes.js'

describe('isAllowedPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGx',
    'https://db5p.notify.windows.com/w/?token=x',
  ])('accepts the browsers’ push service %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, [])).toBe(true)
  })

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:444/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilpush.apple.com.example/x',
    'https://169.254.169.254/latest/meta-data',
    'https://a:b@fcm.googleapis.com/x',
    'file:///etc/passwd',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, [])).toBe(false)
  })

  it('accepts an origin the operator names, and only that origin', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:8080/push/1', ['http://127.0.0.1:8080'])).toBe(
      true,
    )
    expect(isAllowedPushEndpoint('http://127.0.0.1:8081/push/1', ['http://127.0.0.1:8080'])).toBe(
      false,
    )
  })
})

describe('parsePushServiceOrigins', () => {
  it('takes https origins and loopback http ones', () => {
    expect(parsePushServiceOrigins(' https://push.example.org , http://127.0.0.2:5500')).toEqual([
      'https://push.example.org',
      'http://127.0.0.2:5500',
    ])
    expect(parsePushServiceOrigins(undefined)).toEqual([])
  })

  it.each(['http://push.example.org', 'https://push.example.org/path', 'ftp://x', 'nada'])(
    'refuses %s',
    (entry) => {
      expect(() => parsePushServiceOrigins(entry)).toThrow(/PUSH_SERVICE_ORIGINS/)
    },
  )
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000)
    expect(parseRetryAfter(null, 0)).toBeUndefined()
    expect(parseRetryAfter('soon', 0)).toBeUndefined()
  })
})

describe('planAlerts', () => {
  const asunto: AvisoAsunto = {
    id: 'a1',
    tenant: 'hospital-central',
    estado: 'en_espera',
    origen: 'paciente',
    paciente_id: 7,
    profesional_id: null,
    derivada_de: null,
    destinatario_id: null,
    creada_en: '2026-01-01T10:00:00.000Z',
    atendida_en: null,
    cerrada_en: null,
    caduca_en: '2026-01-01T10:10:00.000Z',
  }
  const asistencia = { tipo: 'asistencia', ref: null }

  it('tells professionals of an immediate request only until it expires', () => {
    expect(planAlerts(asistencia, asunto, undefined, '2026-01-01T10:00:01.000Z')).toEqual([])
    expect(
      planAlerts(
        asistencia,
        { ...asunto, origen: 'inmediata' },
        undefined,
        '2026-01-01T10:00:01.000Z',
      ),
    ).toEqual([
      {
        tipo: 'nueva_solicitud',
        para: { profesionalesDe: 'hospital-central' },
        objeto: 'a1',
        caducaEn: '2026-01-01T10:10:00.000Z',
      },
    ])
  })

  it('tells the patient of a referral, being taken, the end and an expiry', () => {
    const at = '2026-01-01T10:05:00.000Z'
    const tipos = [
      { ...asunto, derivada_de: 'a0' },
      { ...asunto, estado: 'en_curso', profesional_id: 3, atendida_en: at },
      { ...asunto, estado: 'finalizada', profesional_id: 3, cerrada_en: at },
      { ...asunto, estado: 'caducada', cerrada_en: at },
      { ...asunto, estado: 'cancelada', cerrada_en: at },
    ].map((row) =>
      planAlerts(asistencia, row, undefined, at).map((aviso) => [aviso.tipo, aviso.para]),
    )
    expect(tipos).toEqual([
      [['derivada', { usuario: 7 }]],
      [['atendida', { usuario: 7 }]],
      [['finalizada', { usuario: 7 }]],
      [['caducada', { usuario: 7 }]],
      [],
    ])
  })

  it('tells the professional a referral names, until it expires, besides its patient', () => {
    const at = '2026-01-01T10:00:01.000Z'
    const referral = { ...asunto, derivada_de: 'a0', destinatario_id: 4 }
    expect(planAlerts(asistencia, referral, undefined, at)).toEqual([
      {
        tipo: 'derivada',
        para: { usuario: 7 },
        objeto: 'a1',
        caducaEn: '2026-01-02T10:00:00.000Z',
      },
      {
        tipo: 'derivacion_recibida',
        para: { usuario: 4 },
        objeto: 'a1',
        caducaEn: '2026-01-01T10:10:00.000Z',
      },
    ])
  })

  it('sends a message to the other participant, and nothing once its time is over', () => {
    const row = { ...asunto, estado: 'en_curso', profesional_id: 3, atendida_en: asunto.creada_en }
    const message = { tipo: 'mensaje', ref: 'm1' }
    expect(planAlerts(message, row, 7, asunto.creada_en)[0]?.para).toEqual({ usuario: 3 })
    expect(planAlerts(message, row, 3, asunto.creada_en)[0]?.para).toEqual({ usuario: 7 })
    // A rating a day after the end writes the request's event again: no second "ended" alert.
    const ended = { ...row, estado: 'finalizada', cerrada_en: asunto.creada_en }
    expect(planAlerts(asistencia, ended, undefined, '2026-01-03T10:00:00.000Z')).toEqual([])
  })
})
