import { describe, expect, it } from 'vitest'
import {
  formatCurrency,
  formatDate,
  formatTimeAgo,
  formatNumber,
  startOfWeek,
  weekdayNames,
} from './locale'

// Intl separates the amount and the symbol with a no-break space; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('formatCurrency', () => {
  it('formats euros the Spanish way', () => {
    const text = formatCurrency(1234.5)

    expect(text).toBe(
      new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(1234.5),
    )
    expect(text).toContain('€')
    expect(text).toContain(',')
    // es-ES does not group four-digit amounts.
    expect(plain(text)).toBe('1234,50 €')
  })

  it.each([
    [0, '0,00 €'],
    [12345.5, '12.345,50 €'],
    [-3.2, '-3,20 €'],
  ])('formats %d as %s', (amount, expected) => {
    expect(plain(formatCurrency(amount))).toBe(expected)
  })
})

it('formats numbers with a decimal comma', () => {
  expect(formatNumber(12345.5)).toBe('12.345,5')
})

describe('formatDate', () => {
  it.each([
    [new Date(2024, 0, 15), '15 de enero de 2024'],
    [new Date(2024, 5, 1), '1 de junio de 2024'],
    [new Date(2023, 11, 31, 23, 59), '31 de diciembre de 2023'],
  ])('formats %s in Spanish', (date, expected) => {
    expect(formatDate(date)).toBe(expected)
  })
})

describe('startOfWeek', () => {
  // 2024-01-01 was a Monday; the week runs to Sunday 2024-01-07.
  it.each([1, 2, 3, 4, 5, 6, 7])('returns Monday at midnight for 2024-01-0%i', (day) => {
    const start = startOfWeek(new Date(2024, 0, day, 15, 30, 45, 500))

    expect(start).toEqual(new Date(2024, 0, 1))
    expect(start.getDay()).toBe(1)
  })

  it('returns the previous Monday for a Sunday, across a year boundary', () => {
    expect(startOfWeek(new Date(2023, 11, 31, 8))).toEqual(new Date(2023, 11, 25))
  })

  it('crosses a month boundary', () => {
    expect(startOfWeek(new Date(2024, 2, 2))).toEqual(new Date(2024, 1, 26))
  })

  it('does not change the date it is given', () => {
    const date = new Date(2024, 0, 7, 12)

    startOfWeek(date)

    expect(date).toEqual(new Date(2024, 0, 7, 12))
  })
})

describe('weekdayNames', () => {
  it('lists the days from lunes to domingo', () => {
    expect(weekdayNames()).toEqual([
      'lunes',
      'martes',
      'miércoles',
      'jueves',
      'viernes',
      'sábado',
      'domingo',
    ])
  })

  it('has short names starting on Monday', () => {
    const names = weekdayNames('short')

    expect(names).toHaveLength(7)
    expect(names[0]).toMatch(/^lun/)
    expect(names[6]).toMatch(/^dom/)
  })
})

describe('formatTimeAgo', () => {
  const MINUTE = 60_000

  it.each([
    [0, 'hace menos de un minuto'],
    [-5, 'hace menos de un minuto'],
    [59_999, 'hace menos de un minuto'],
    [MINUTE, 'hace 1 minuto'],
    [5 * MINUTE, 'hace 5 minutos'],
    [59 * MINUTE, 'hace 59 minutos'],
    [3 * 60 * MINUTE, 'hace 3 horas'],
    [26 * 60 * MINUTE, 'ayer'],
    [72 * 60 * MINUTE, 'hace 3 días'],
  ])('%d ms ago reads %s', (elapsedMs, expected) => {
    expect(formatTimeAgo(elapsedMs)).toBe(expected)
  })
})
