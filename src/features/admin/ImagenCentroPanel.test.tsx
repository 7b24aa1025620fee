import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { UNSAVED_CHANGES_ATTRIBUTE } from '../../config/dom-attributes'
import { ImagenCentroPanel } from './ImagenCentroPanel'

vi.mock('./admin-api', () => ({
  readHospital: vi.fn(() =>
    Promise.resolve({
      etag: '"v1"',
      hospital: {
        tenant: 'hospital-central',
        nombre: 'Hospital Central',
        color_primario: '#1f4e8c',
        color_secundario: '#e8f0fa',
        imagen: '',
        activo: true,
      },
    }),
  ),
  updateHospital: vi.fn(),
  uploadLogo: vi.fn(),
}))

describe('ImagenCentroPanel', () => {
  it('marks its form as holding unsaved edits while the name differs from the saved one', async () => {
    render(<ImagenCentroPanel tenant="hospital-central" onSaved={() => undefined} />)
    const name = await screen.findByLabelText('Nombre del centro')
    const form = name.closest('form')
    expect(form?.getAttribute(UNSAVED_CHANGES_ATTRIBUTE)).toBe('false')

    await userEvent.type(name, ' Norte')
    expect(form?.getAttribute(UNSAVED_CHANGES_ATTRIBUTE)).toBe('true')

    await userEvent.clear(name)
    await userEvent.type(name, 'Hospital Central')
    expect(form?.getAttribute(UNSAVED_CHANGES_ATTRIBUTE)).toBe('false')
  })
})
