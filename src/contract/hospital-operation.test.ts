import { describe, expect, it } from 'vitest'
import {
  expiryLimitLabel,
  IMMEDIATE_EXPIRY_MINUTES,
  isOpeningDone,
  readExpiryLimits,
  REQUEST_EXPIRY_MINUTES,
} from './hospital-operation'
import { termsTemplate } from './terms-template'
import { findFreeTextProblem } from './text'
import { TERMS_FIELD } from './join-rules'

describe('reading the request expiry limits of a form', () => {
  it('takes whole minutes within the bounds', () => {
    expect(
      readExpiryLimits({ caducidad_minutos: ' 45 ', caducidad_inmediata_minutos: '15' }),
    ).toEqual({ ok: true, limits: { caducidad_minutos: 45, caducidad_inmediata_minutos: 15 } })
    expect(
      readExpiryLimits({
        caducidad_minutos: String(REQUEST_EXPIRY_MINUTES.max),
        caducidad_inmediata_minutos: String(IMMEDIATE_EXPIRY_MINUTES.min),
      }).ok,
    ).toBe(true)
  })

  it('names the first field out of bounds, in Spanish, with its bounds', () => {
    for (const bad of ['', '4', '241', '30.5', '-30', '3e1', 'treinta']) {
      expect(
        readExpiryLimits({ caducidad_minutos: bad, caducidad_inmediata_minutos: '10' }),
      ).toEqual({
        ok: false,
        field: 'caducidad_minutos',
        problem:
          'Los minutos que puede esperar una solicitud deben ser un número entero entre 5 y 240.',
      })
    }
    expect(
      readExpiryLimits({ caducidad_minutos: '30', caducidad_inmediata_minutos: '121' }),
    ).toEqual({
      ok: false,
      field: 'caducidad_inmediata_minutos',
      problem:
        'Los minutos que puede esperar una atención inmediata o presencial deben ser un número entero entre 2 y 120.',
    })
  })

  it('labels each field with its bounds', () => {
    expect(expiryLimitLabel('caducidad_minutos')).toBe(
      'Minutos que puede esperar una solicitud (entre 5 y 240)',
    )
  })
})

it('counts a hospital open only when every step is done', () => {
  const all = {
    colores_y_logo: true,
    telefono: true,
    terminos: true,
    especialidades: true,
    primer_profesional: true,
    pagina_instalacion: true,
  }
  expect(isOpeningDone(all)).toBe(true)
  expect(isOpeningDone({ ...all, pagina_instalacion: false })).toBe(false)
})

it("gives a template of terms that names the hospital and passes the terms' own rule", () => {
  const text = termsTemplate('Hospital «Santa Ana»')
  expect(text).toContain('Hospital «Santa Ana»')
  expect(findFreeTextProblem(text, TERMS_FIELD)).toBeNull()
})
