import { describe, expect, it } from 'vitest'
import { validateCredentials } from './validate-credentials'

const EMPTY_EMAIL = 'Introduce tu correo electrónico.'
const INVALID_EMAIL = 'Introduce un correo electrónico válido, por ejemplo nombre@hospital.es.'
const EMPTY_PASSWORD = 'Introduce tu contraseña.'
const LONG_PASSWORD = 'La contraseña es demasiado larga.'

describe('validateCredentials', () => {
  it.each([
    ['valid credentials', 'demo@hospital-central.es', 'demo1234', {}],
    ['a subdomain address', 'ana.garcia@urgencias.hospital.es', 'x', {}],
    ['a plus address', 'ana+turnos@hospital.es', 'x', {}],
    ['a password of 256 characters', 'a@b.es', 'p'.repeat(256), {}],
    ['a password of spaces (never trimmed)', 'a@b.es', '   ', {}],
    ['both empty', '', '', { email: EMPTY_EMAIL, password: EMPTY_PASSWORD }],
    ['an empty email', '', 'demo1234', { email: EMPTY_EMAIL }],
    ['an empty password', 'a@b.es', '', { password: EMPTY_PASSWORD }],
    ['no @', 'demo.hospital.es', 'x', { email: INVALID_EMAIL }],
    ['two @', 'demo@@hospital.es', 'x', { email: INVALID_EMAIL }],
    ['no dot in the domain', 'demo@hospital', 'x', { email: INVALID_EMAIL }],
    ['nothing before @', '@hospital.es', 'x', { email: INVALID_EMAIL }],
    ['a space inside', 'de mo@hospital.es', 'x', { email: INVALID_EMAIL }],
    ['an email over 254 characters', `${'a'.repeat(250)}@b.es`, 'x', { email: INVALID_EMAIL }],
    ['a password over 256 characters', 'a@b.es', 'p'.repeat(257), { password: LONG_PASSWORD }],
    [
      'an invalid email and an empty password',
      'nope',
      '',
      { email: INVALID_EMAIL, password: EMPTY_PASSWORD },
    ],
  ])('%s', (_, email, password, errors) => {
    expect(validateCredentials({ email, password })).toEqual(errors)
  })
})
