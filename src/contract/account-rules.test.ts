import { describe, expect, it } from 'vitest'
import { EMAIL_MAX_LENGTH, isEmailAddress } from './account-rules'

describe('the email rule', () => {
  it.each([
    'nombre@hospital.es',
    '  nombre@hospital.es ',
    'a.b+c@sub.dominio.es',
    'ñandú@correo.es',
  ])('accepts %j', (value) => {
    expect(isEmailAddress(value)).toBe(true)
  })

  it.each([
    '',
    'nombre',
    'nombre@hospital',
    '@hospital.es',
    'nombre@@hospital.es',
    'nom bre@hospital.es',
    'nombre@hospital.es\u0000',
    'nom\u0007bre@hospital.es',
    `${'a'.repeat(EMAIL_MAX_LENGTH)}@hospital.es`,
  ])('refuses %j', (value) => {
    expect(isEmailAddress(value)).toBe(false)
  })
})
