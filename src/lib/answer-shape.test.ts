import { describe, expect, it } from 'vitest'
import { Me } from '../contract/accounts'
import { readAnswer } from './answer-shape'
import { InvalidResponseError } from './api-errors'

describe('readAnswer', () => {
  it('gives back an answer of the expected shape', async () => {
    const me = {
      nombre: 'Lucía',
      rol: 'cliente',
      tenant: 'hospital-central',
      terminos_pendientes: false,
    }
    await expect(readAnswer(Me, me)).resolves.toBe(me)
  })

  it.each([
    ['no tenant', { nombre: 'Lucía', rol: 'cliente' }],
    ['a role the contract does not list', { nombre: 'Lucía', rol: 'root', tenant: 'x' }],
    ['a number for a name', { nombre: 7, rol: 'cliente', tenant: 'x' }],
    ['an array', []],
    ['null', null],
  ])('refuses an answer with %s', async (_case, answer) => {
    await expect(readAnswer(Me, answer)).rejects.toThrow(InvalidResponseError)
  })
})
