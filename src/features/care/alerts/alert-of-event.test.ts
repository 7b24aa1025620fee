import { describe, expect, it } from 'vitest'
import { anAsistencia } from '../testing/asistencia'
import { alertLink, alertOfEvent, isShownBy, type AlertViewer } from './alert-of-event'

const PATIENT: AlertViewer = { id: 1, rol: 'cliente', tenant: 'hospital-central' }
const PROFESSIONAL: AlertViewer = { id: 3, rol: 'profesional', tenant: 'hospital-central' }
const ADMIN: AlertViewer = { id: 9, rol: 'admin', tenant: 'hospital-central' }
const AT = '2026-11-23T10:05:00.000Z'
const ana = { id: 3, nombre: 'Ana Ruiz' }

const changed = (overrides: Parameters<typeof anAsistencia>[0]) =>
  ({ tipo: 'asistencia', asistencia: anAsistencia(overrides) }) as const

describe('alertOfEvent', () => {
  it('tells the patient of their request taken, referred, finished and expired', () => {
    const cases = [
      changed({ estado: 'en_curso', profesional: ana, atendida_en: AT }),
      changed({
        derivada_de: '7c1c0b0e-0000-4000-8000-000000000000',
        derivacion: { por: ana, a: null, nota: null, resumen_origen: null },
      }),
      changed({ estado: 'finalizada', profesional: ana, atendida_en: AT, cerrada_en: AT }),
      changed({ estado: 'caducada', cerrada_en: AT }),
      changed({ estado: 'cancelada', cerrada_en: AT }),
      changed({}),
    ].map((event) => alertOfEvent(event, PATIENT)?.tipo ?? null)
    expect(cases).toEqual(['atendida', 'derivada', 'finalizada', 'caducada', null, null])
  })

  it('says nothing of a patient or a reason, and links to the right screen', () => {
    const alert = alertOfEvent(
      changed({ estado: 'en_curso', profesional: ana, atendida_en: AT }),
      PATIENT,
    )
    expect(alert).toMatchObject({
      clave: 'atendida:0b7d1f0e-4a4c-4d8e-9a51-2f6f3c1d9e01',
      texto: 'Un profesional ha empezado a atenderte',
      isPushed: true,
    })
    expect(alert && alertLink(alert)).toEqual({
      to: '/hospital-central/atencion-asistencia/0b7d1f0e-4a4c-4d8e-9a51-2f6f3c1d9e01',
      label: 'Ir a mi consulta',
    })
  })

  it('tells the other participant of a message, never its author nor an administrator', () => {
    const message = {
      tipo: 'mensaje',
      mensaje: {
        id: 'b3a1c6f2-1111-4000-8000-000000000000',
        asistencia_id: 'a',
        autor: { id: 1, nombre: 'Lucía Martín', rol: 'cliente' },
        texto: 'Me duele',
        foto: null,
        creado_en: AT,
      },
    } as const
    expect(alertOfEvent(message, PROFESSIONAL)).toMatchObject({
      tipo: 'mensaje',
      clave: 'mensaje:b3a1c6f2-1111-4000-8000-000000000000',
      texto: 'Tienes un mensaje nuevo',
    })
    expect(alertOfEvent(message, PATIENT)).toBeNull()
    expect(alertOfEvent(message, ADMIN)).toBeNull()
  })

  it('tells every professional of immediate care and walk-ins, urgently, wherever they are', () => {
    const inmediata = alertOfEvent(changed({ origen: 'inmediata' }), PROFESSIONAL)
    expect(inmediata).toMatchObject({
      tipo: 'nueva_solicitud',
      isUrgent: true,
      isPushed: true,
      isForQueue: false,
      texto: 'Nueva solicitud de asistencia · Inmediata',
    })
    expect(
      alertOfEvent(changed({ origen: 'presencial', ticket: 'A-014' }), PROFESSIONAL)?.texto,
    ).toBe('Nueva solicitud de asistencia · Presencial · A-014')
    expect(alertOfEvent(changed({ origen: 'inmediata' }), PATIENT)).toBeNull()
    expect(alertOfEvent(changed({ origen: 'inmediata' }), ADMIN)).toBeNull()
  })

  it("leaves a patient's ordinary request to the queue, and a colleague's referral to them", () => {
    expect(alertOfEvent(changed({}), PROFESSIONAL)).toMatchObject({
      tipo: 'nueva_solicitud',
      isUrgent: false,
      isPushed: false,
      isForQueue: true,
    })
    const toColleague = changed({
      derivada_de: '7c1c0b0e-0000-4000-8000-000000000000',
      derivacion: { por: ana, a: { id: 4, nombre: 'Pedro' }, nota: null, resumen_origen: null },
    })
    expect(alertOfEvent(toColleague, PROFESSIONAL)).toBeNull()
    expect(alertOfEvent(changed({ estado: 'en_curso', atendida_en: AT }), PROFESSIONAL)).toBeNull()
  })

  it('tells the professional a referral names, and links to their referrals', () => {
    const alert = alertOfEvent(
      changed({
        derivada_de: '7c1c0b0e-0000-4000-8000-000000000000',
        derivacion: { por: { id: 5, nombre: 'Eva' }, a: ana, nota: 'x', resumen_origen: null },
      }),
      PROFESSIONAL,
    )
    expect(alert).toMatchObject({ tipo: 'derivacion_recibida', isPushed: true })
    expect(alert && alertLink(alert).to).toBe('/hospital-central/referidos')
  })
})

describe('isShownBy', () => {
  it('knows the screens that show a piece of news by themselves', () => {
    const message = alertOfEvent(
      {
        tipo: 'mensaje',
        mensaje: {
          id: 'm',
          asistencia_id: 'a1',
          autor: { id: 3, nombre: 'Ana', rol: 'profesional' },
          texto: 'Hola',
          foto: null,
          creado_en: AT,
        },
      },
      PATIENT,
    )
    if (message === null) throw new Error('No alert')
    expect(isShownBy(message, '/hospital-central/atencion-asistencia/a1')).toBe(true)
    expect(isShownBy(message, '/hospital-central/atencion-asistencia/a2')).toBe(false)
    expect(isShownBy(message, '/hospital-central/cliente')).toBe(false)
    const inmediata = alertOfEvent(changed({ origen: 'inmediata' }), PROFESSIONAL)
    if (inmediata === null) throw new Error('No alert')
    expect(isShownBy(inmediata, '/hospital-central/profesional')).toBe(true)
    expect(isShownBy(inmediata, '/hospital-central/referidos')).toBe(false)
    expect(isShownBy(inmediata, '/hospital-central/atencion-asistencia/a1')).toBe(false)
  })
})
