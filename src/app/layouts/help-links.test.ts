import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../features/auth/session'
import { offersHelpRequest } from './help-links'

const user = (rol: CurrentUser['rol']): CurrentUser => ({
  id: 1,
  nombre: 'Ana',
  rol,
  tenant: 'hospital-central',
  terminos_pendientes: false,
})

describe('the footer link "Solicitar asistencia"', () => {
  it('is offered to patients and to whoever is not signed in (or not yet known)', () => {
    expect(offersHelpRequest({ status: 'verified', user: user('cliente') })).toBe(true)
    expect(offersHelpRequest({ status: 'signed-out' })).toBe(true)
    expect(offersHelpRequest({ status: 'unverified' })).toBe(true)
    expect(offersHelpRequest(undefined)).toBe(true)
  })

  it('is not offered to staff, who could not use it', () => {
    expect(offersHelpRequest({ status: 'verified', user: user('profesional') })).toBe(false)
    expect(offersHelpRequest({ status: 'verified', user: user('admin') })).toBe(false)
  })
})
