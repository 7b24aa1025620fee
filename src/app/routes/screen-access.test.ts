import { describe, expect, it } from 'vitest'
import { mayOpen } from './screen-access'

describe('mayOpen', () => {
  it.each([
    ['cliente', 'cliente', true],
    ['cliente', 'profesional', false],
    ['apanel', 'profesional', false],
    ['apanel', 'admin', true],
    ['referidos', 'profesional', true],
    ['referidos', 'cliente', false],
    ['admin', 'cliente', false],
  ] as const)('%s for a %s: %s', (screen, rol, expected) => {
    expect(mayOpen(screen, rol)).toBe(expected)
  })

  it('leaves the screens no role owns open to everyone', () => {
    expect(mayOpen('directorio', 'cliente')).toBe(true)
    expect(mayOpen('terminos-y-condiciones', 'profesional')).toBe(true)
  })
})
