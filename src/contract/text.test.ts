import { describe, expect, it, test } from 'vitest'
import { hasVisibleCharacter, initialsOf } from './text'

describe('hasVisibleCharacter', () => {
  it('refuses names that draw nothing', () => {
    for (const name of ['\u3164', '\u2800', '\u200B', '\u00AD', ' \u200B\u3164 ', '\uFEFF']) {
      expect(hasVisibleCharacter(name), JSON.stringify(name)).toBe(false)
    }
  })

  it('accepts any name with something to see', () => {
    for (const name of ['Hospital Central', 'Clínica Sol', '病院', '🏥', 'a\u200Bb']) {
      expect(hasVisibleCharacter(name), name).toBe(true)
    }
  })
})

describe('initialsOf', () => {
  test.each([
    ['Hospital Central', 'HC'],
    ['Clínica de la Sol', 'CS'],
    ['clínica norte', 'CN'],
    ['Ólvega', 'Ó'],
    ['  Hospital   Universitario  La  Paz ', 'HP'],
    ['🏥 Centro de Salud', 'CS'],
    ['Больница №1', 'Б1'],
    ['', ''],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })
})
