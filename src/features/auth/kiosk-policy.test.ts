import { describe, expect, it } from 'vitest'
import { mayLeaveKioskMode } from './kiosk-policy'

describe('mayLeaveKioskMode', () => {
  it('is true for an admin of this hospital or of the product, and nobody else', () => {
    expect(
      mayLeaveKioskMode({ rol: 'admin', tenant: 'hospital-central' }, 'hospital-central'),
    ).toBe(true)
    expect(mayLeaveKioskMode({ rol: 'admin', tenant: 'main' }, 'hospital-central')).toBe(true)
    expect(mayLeaveKioskMode({ rol: 'admin', tenant: 'clinica-sol' }, 'hospital-central')).toBe(
      false,
    )
    expect(
      mayLeaveKioskMode({ rol: 'profesional', tenant: 'hospital-central' }, 'hospital-central'),
    ).toBe(false)
    expect(
      mayLeaveKioskMode({ rol: 'cliente', tenant: 'hospital-central' }, 'hospital-central'),
    ).toBe(false)
  })
})
