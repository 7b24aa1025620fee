import { describe, expect, it } from 'vitest'
import { asksToConfirmColors, checkColors, formatRatio } from './color-check'

describe('checkColors', () => {
  it('keeps dark colours as they are, every pair readable', () => {
    const check = checkColors('#0b5394', '#38761d')
    expect(check?.adjustments).toEqual([])
    expect(check?.pairs.every((pair) => pair.cumple)).toBe(true)
    expect(check?.colors.sobrePrimario).toBe('#ffffff')
  })

  it('names a pale colour, the darker one the app will use instead, and the failing pair', () => {
    const check = checkColors('#fff59d', '#fffde7')
    expect(check?.adjustments.map((adjustment) => adjustment.campo)).toEqual([
      'primario',
      'secundario',
    ])
    const used = check?.adjustments[0]?.usado ?? ''
    expect(used).not.toBe('#fff59d')
    const chosen = check?.pairs.find((pair) => pair.uso.includes('color elegido'))
    const applied = check?.pairs.find((pair) => pair.uso.includes('color que usará la app'))
    expect(chosen?.cumple).toBe(false)
    expect(applied).toMatchObject({ texto: used, cumple: true })
    // Text on the pale header turns black, and reads.
    expect(check?.colors.sobrePrimario).toBe('#000000')
    expect(check?.pairs[0]?.cumple).toBe(true)
  })

  it.each([['red'], ['#12'], [''], ['url(x)']])(
    'gives no verdict for the invalid colour %j',
    (value) => {
      expect(checkColors(value, '#ffffff')).toBeUndefined()
    },
  )
})

describe('formatRatio', () => {
  it('writes ratios the Spanish way', () => {
    expect(formatRatio(4.5)).toBe('4,5:1')
    expect(formatRatio(21)).toBe('21,0:1')
  })
})

describe('asking "Guardar igualmente"', () => {
  const pale = { primario: '#6a1b9a', secundario: '#fff59d' }
  const dark = { primario: '#0b5394', secundario: '#38761d' }

  it('asks once for new colours the app must darken', () => {
    expect(asksToConfirmColors(checkColors(pale.primario, pale.secundario), pale, dark)).toBe(true)
  })

  it('does not ask again once those colours are saved, whatever else changes', () => {
    expect(asksToConfirmColors(checkColors(pale.primario, pale.secundario), pale, pale)).toBe(false)
    expect(
      asksToConfirmColors(checkColors(pale.primario, pale.secundario), pale, {
        primario: '#6A1B9A',
        secundario: '#FFF59D',
      }),
    ).toBe(false)
  })

  it('never asks for colours kept as chosen', () => {
    expect(asksToConfirmColors(checkColors(dark.primario, dark.secundario), dark, pale)).toBe(false)
  })
})
