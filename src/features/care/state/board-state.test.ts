import { describe, expect, it } from 'vitest'
import { boardWaitingList, describeTimeLeft, urgencyMarks } from './board-state'
import { anAsistencia } from '../testing/asistencia'

function nth<T>(list: readonly T[], index: number): T {
  const item = list[index]
  if (item === undefined) throw new Error(`No item ${String(index)}`)
  return item
}

describe('the board waiting list', () => {
  it('puts immediate care, walk-ins and referrals first, then the longest wait', () => {
    const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`
    const list = [
      anAsistencia({ id: 'late', creada_en: at(9) }),
      anAsistencia({ id: 'early', creada_en: at(1) }),
      anAsistencia({ id: 'referral', creada_en: at(8), derivada_de: 'x' }),
      anAsistencia({ id: 'walk-in', creada_en: at(7), origen: 'presencial', ticket: 'A-003' }),
      anAsistencia({ id: 'immediate', creada_en: at(6), origen: 'inmediata' }),
      anAsistencia({ id: 'taken', creada_en: at(0), estado: 'en_curso' }),
    ]
    expect(boardWaitingList(list).map((entry) => entry.id)).toEqual([
      'immediate',
      'walk-in',
      'referral',
      'early',
      'late',
    ])
    expect(urgencyMarks(nth(list, 3))).toEqual(['Presencial · A-003'])
    expect(urgencyMarks(nth(list, 2))).toEqual(['Derivada'])
    expect(urgencyMarks(nth(list, 0))).toEqual([])
  })

  it('says how long is left before a request expires', () => {
    const now = Date.parse('2026-11-23T10:00:00.000Z')
    expect(describeTimeLeft('2026-11-23T10:12:30.000Z', now)).toBe('quedan 12 minutos')
    expect(describeTimeLeft('2026-11-23T10:00:30.000Z', now)).toBe('caduca ya')
  })
})
