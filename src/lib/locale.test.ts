import { describe, expect, it } from 'vitest'
import { formatTimeAgo } from './locale'

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
