import { describe, expect, it } from 'vitest'
import type { Asistencia, Mensaje } from '../../../contract/care'
import {
  addMensaje,
  applyToStaffList,
  availabilityLabel,
  describeEstimate,
  describeMinutes,
  faseOf,
  inactiveReasonOf,
  minutesBetween,
  openRequests,
  pastRequests,
  upsertAsistencia,
  waitingQueue,
} from './care-state'
import { anAsistencia } from '../testing/asistencia'

function asistencia(id: string, overrides: Partial<Asistencia> = {}): Asistencia {
  return anAsistencia({ id, ...overrides })
}

function mensaje(id: string, creado_en: string): Mensaje {
  return {
    id,
    asistencia_id: 'a',
    autor: { id: 1, nombre: 'Lucía', rol: 'cliente' },
    texto: id,
    foto: null,
    creado_en,
  }
}

describe('care state', () => {
  it('derives the screen’s phase from the state', () => {
    expect(faseOf(asistencia('a'))).toBe('espera')
    expect(faseOf(asistencia('a', { estado: 'en_curso' }))).toBe('consulta')
    for (const estado of ['finalizada', 'cancelada', 'caducada'] as const) {
      expect(faseOf(asistencia('a', { estado }))).toBe('inactiva')
    }
  })

  it('a referral addressed to one professional joins only their queue', () => {
    const derivacion = (a: { id: number; nombre: string }) => ({
      por: { id: 5, nombre: 'Javier' },
      a,
      nota: 'Valorar otitis.',
      resumen_origen: null,
    })
    const toElena = asistencia('r', { derivacion: derivacion({ id: 7, nombre: 'Elena' }) })
    expect(applyToStaffList([], toElena, 7).map((entry) => entry.id)).toEqual(['r'])
    // Its referrer (5) and anyone else see it leave, never join.
    expect(applyToStaffList([asistencia('a')], toElena, 5).map((entry) => entry.id)).toEqual(['a'])
    expect(applyToStaffList([toElena], toElena, 9)).toEqual([])
    const toSpecialty = asistencia('s', {
      especialidad: 'Pediatría',
      derivacion: { ...derivacion({ id: 7, nombre: 'Elena' }), a: null },
    })
    expect(applyToStaffList([], toSpecialty, 9).map((entry) => entry.id)).toEqual(['s'])
  })

  it('a professional keeps the waiting requests and their own, never a colleague’s', () => {
    const list = [asistencia('a'), asistencia('b')]
    const byColleague = asistencia('a', {
      estado: 'en_curso',
      profesional: { id: 9, nombre: 'Ana' },
    })
    expect(applyToStaffList(list, byColleague, 5).map((entry) => entry.id)).toEqual(['b'])
    const byMe = asistencia('a', { estado: 'en_curso', profesional: { id: 5, nombre: 'Javier' } })
    expect(applyToStaffList(list, byMe, 5).map((entry) => entry.estado)).toEqual([
      'en_curso',
      'en_espera',
    ])
    const cancelled = asistencia('b', { estado: 'cancelada' })
    expect(applyToStaffList(list, cancelled, 5).map((entry) => entry.id)).toEqual(['a'])
    expect(applyToStaffList(list, asistencia('c'), 5).map((entry) => entry.id)).toEqual([
      'a',
      'b',
      'c',
    ])
  })

  it('a live record replaces the one shown, or joins the list', () => {
    const list = [asistencia('a'), asistencia('b')]
    const taken = asistencia('a', { estado: 'en_curso' })
    expect(upsertAsistencia(list, taken).map((entry) => [entry.id, entry.estado])).toEqual([
      ['a', 'en_curso'],
      ['b', 'en_espera'],
    ])
    expect(upsertAsistencia(list, asistencia('c')).map((entry) => entry.id)).toEqual([
      'a',
      'b',
      'c',
    ])
  })

  it('the queue holds waiting requests only, oldest first; a cancelled one leaves it', () => {
    const list = [
      asistencia('new', { creada_en: '2026-11-23T10:05:00.000Z' }),
      asistencia('old', { creada_en: '2026-11-23T09:55:00.000Z' }),
      asistencia('mine', { estado: 'en_curso' }),
    ]
    expect(waitingQueue(list).map((entry) => entry.id)).toEqual(['old', 'new'])
    const cancelled = upsertAsistencia(list, asistencia('old', { estado: 'cancelada' }))
    expect(waitingQueue(cancelled).map((entry) => entry.id)).toEqual(['new'])
    expect(openRequests(cancelled).map((entry) => entry.id)).toEqual(['mine', 'new'])
  })

  it('puts immediate requests and walk-ins first in the queue, each group oldest first', () => {
    const list = [
      asistencia('patient-old', { creada_en: '2026-11-23T09:00:00.000Z' }),
      asistencia('walk-in', {
        origen: 'presencial',
        ticket: 'A-014',
        creada_en: '2026-11-23T10:05:00.000Z',
      }),
      asistencia('immediate', { origen: 'inmediata', creada_en: '2026-11-23T10:01:00.000Z' }),
      asistencia('patient-new', { creada_en: '2026-11-23T09:30:00.000Z' }),
    ]
    expect(waitingQueue(list).map((entry) => entry.id)).toEqual([
      'immediate',
      'walk-in',
      'patient-old',
      'patient-new',
    ])
  })

  it('history lists what is over, the most recently closed first', () => {
    const list = [
      asistencia('a', { estado: 'finalizada', cerrada_en: '2026-11-20T10:00:00.000Z' }),
      asistencia('b', { estado: 'finalizada', cerrada_en: '2026-11-22T10:00:00.000Z' }),
      asistencia('c'),
    ]
    expect(pastRequests(list).map((entry) => entry.id)).toEqual(['b', 'a'])
  })

  it('a message shows once, in time order, however often it arrives', () => {
    let list: Mensaje[] = []
    list = addMensaje(list, mensaje('2', '2026-11-23T10:02:00.000Z'))
    list = addMensaje(list, mensaje('1', '2026-11-23T10:01:00.000Z'))
    list = addMensaje(list, mensaje('2', '2026-11-23T10:02:00.000Z'))
    expect(list.map((entry) => entry.id)).toEqual(['1', '2'])
  })

  it('says waits in Spanish, and gives no estimate without history', () => {
    expect(minutesBetween('2026-11-23T10:00:00.000Z', Date.parse('2026-11-23T10:12:59.000Z'))).toBe(
      12,
    )
    expect(minutesBetween('no es una fecha', 0)).toBe(0)
    expect(describeMinutes(0)).toBe('menos de un minuto')
    expect(describeMinutes(1)).toBe('1 minuto')
    expect(describeMinutes(65)).toBe('1 h 05 min')
    const onDuty = (estimacion_minutos: number | null) => ({
      estimacion_minutos,
      profesionales_conectados: 2,
    })
    expect(describeEstimate(onDuty(null))).toBe(
      'Todavía no hay datos suficientes para estimar la espera.',
    )
    expect(describeEstimate(onDuty(8))).toBe('Espera estimada: unos 8 minutos.')
    // Never "unos 1 minuto".
    expect(describeEstimate(onDuty(1))).toBe('Espera estimada: 1 minuto.')
    expect(describeEstimate(onDuty(1.4))).toBe('Espera estimada: 1 minuto.')
    expect(describeEstimate(onDuty(2))).toBe('Espera estimada: unos 2 minutos.')
    expect(describeEstimate(onDuty(0))).toBe('Espera estimada: menos de un minuto.')
  })

  it('says nobody is on duty instead of an estimate when no professional is connected', () => {
    for (const estimacion_minutos of [null, 0, 12]) {
      expect(describeEstimate({ estimacion_minutos, profesionales_conectados: 0 })).toBe(
        'Ahora no hay profesionales conectados. Tu solicitud sigue en la cola y se atenderá en cuanto se conecte alguien.',
      )
    }
  })

  it('reads only the known reasons of the inactive-consultation screen', () => {
    expect(inactiveReasonOf('caducada')).toBe('caducada')
    expect(inactiveReasonOf('<script>')).toBeNull()
    expect(inactiveReasonOf(null)).toBeNull()
  })
})

describe('a professional in the directory', () => {
  it('is "En consulta" while attending someone, never "No disponible"', () => {
    expect(availabilityLabel({ disponible: true, en_consulta: true })).toBe('En consulta')
    expect(availabilityLabel({ disponible: false, en_consulta: true })).toBe('En consulta')
    expect(availabilityLabel({ disponible: true, en_consulta: false })).toBe('Disponible ahora')
    expect(availabilityLabel({ disponible: false, en_consulta: false })).toBe('No disponible')
  })
})
