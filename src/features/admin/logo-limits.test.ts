import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-errors'
import { describeAdminError } from './admin-errors'
import { LOGO_LIMITS_TEXT, LOGO_MAX_SIZE_TEXT } from './logo-limits'

describe("the logo's limits, in Spanish", () => {
  it('are written from the contract as people read them', () => {
    expect(LOGO_MAX_SIZE_TEXT).toBe('1 MB')
    expect(LOGO_LIMITS_TEXT).toBe('1 MB y 2048 píxeles')
  })

  it("explain the server's refusal of a logo too large", () => {
    expect(describeAdminError(new ApiError(413, 'payload_too_large', ''))).toBe(
      'El logotipo es demasiado grande: como máximo 1 MB y 2048 píxeles de lado.',
    )
  })
})
