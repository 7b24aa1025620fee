import { describe, expect, it } from 'vitest'
import { estimateWait, median } from './records.js'

describe('the wait shown to a waiting patient', () => {
  it('gives no estimate without history', () => {
    expect(estimateWait(3, [], 1)).toEqual({
      posicion: 3,
      estimacion_minutos: null,
      profesionales_conectados: 1,
    })
  })

  it('multiplies the typical recent wait by the place in the queue', () => {
    expect(estimateWait(1, [2, 30, 4], 1)).toMatchObject({ posicion: 1, estimacion_minutos: 4 })
    expect(estimateWait(3, [2.5, 3.5], 2)).toMatchObject({ posicion: 3, estimacion_minutos: 9 })
    // Nobody connected: no pace to estimate from.
    expect(estimateWait(3, [2.5, 3.5], 0)).toEqual({
      posicion: 3,
      estimacion_minutos: null,
      profesionales_conectados: 0,
    })
  })

  it('takes the middle value, robust to one very long wait', () => {
    expect(median([1, 100, 2])).toBe(2)
    expect(median([1, 2, 3, 4])).toBe(2.5)
  })
})
