import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UNSAVED_CHANGES_ATTRIBUTE } from '../../config/dom-attributes'
import { ApiError } from '../../lib/api-errors'
import { readHospital, updateHospital, uploadLogo, type VersionedHospital } from './admin-api'
import { ImagenCentroPanel } from './ImagenCentroPanel'
import { newTestQueryClient, WithQueryClient } from '../care/testing/with-query-client'

vi.mock('./admin-api', () => ({
  readHospital: vi.fn(),
  updateHospital: vi.fn(),
  uploadLogo: vi.fn(),
}))

function versionOf(
  etag: string,
  changes: Partial<VersionedHospital['hospital']> = {},
): VersionedHospital {
  return {
    etag,
    hospital: {
      tenant: 'hospital-central',
      nombre: 'Hospital Central',
      telefono: '',
      nombre_corto: '',
      color_primario: '#1f4e8c',
      color_secundario: '#0f6b5c',
      imagen: '',
      activo: true,
      ...changes,
    },
  }
}

beforeEach(() => {
  vi.resetAllMocks()
  vi.mocked(readHospital).mockResolvedValue(versionOf('"v1"'))
  // jsdom draws no images: the preview only needs a URL to show.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:logo' }))
  URL.revokeObjectURL = () => undefined
})

afterEach(() => {
  vi.unstubAllGlobals()
})

/** The panel with a page cache of its own, as the app gives it by context. */
function renderPanel() {
  const client = newTestQueryClient()
  render(
    <WithQueryClient client={client}>
      <ImagenCentroPanel tenant="hospital-central" />
    </WithQueryClient>,
  )
  return { client, user: userEvent.setup() }
}

function formOf(element: HTMLElement): HTMLFormElement {
  const form = element.closest('form')
  if (!form) throw new Error('The field is in a form')
  return form
}

describe('ImagenCentroPanel', () => {
  it("reads the hospital's image through the page's cache", async () => {
    renderPanel()

    expect(await screen.findByLabelText('Nombre del centro')).toHaveValue('Hospital Central')
    expect(readHospital).toHaveBeenCalledExactlyOnceWith('hospital-central')
  })

  it('offers to try again when the image cannot be read', async () => {
    vi.mocked(readHospital).mockRejectedValueOnce(new ApiError(500, null, ''))
    const { user } = renderPanel()

    await user.click(await screen.findByRole('button', { name: 'Reintentar' }))

    expect(await screen.findByLabelText('Nombre del centro')).toHaveValue('Hospital Central')
  })

  it('marks its form as holding unsaved edits while the name differs from the saved one', async () => {
    const { user } = renderPanel()
    const name = await screen.findByLabelText('Nombre del centro')
    const form = formOf(name)
    expect(form.getAttribute(UNSAVED_CHANGES_ATTRIBUTE)).toBe('false')

    await user.type(name, ' Norte')
    expect(form.getAttribute(UNSAVED_CHANGES_ATTRIBUTE)).toBe('true')

    await user.clear(name)
    await user.type(name, 'Hospital Central')
    expect(form.getAttribute(UNSAVED_CHANGES_ATTRIBUTE)).toBe('false')
  })

  it('saves, naming the version it read, and reads the hospital again', async () => {
    let finish: () => void = () => undefined
    vi.mocked(updateHospital).mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () => {
            resolve(versionOf('"v2"', { nombre: 'Hospital Central Norte' }))
          }
        }),
    )
    const { user } = renderPanel()
    const name = await screen.findByLabelText('Nombre del centro')
    await user.type(name, ' Norte')
    await user.type(screen.getByLabelText(/^Teléfono de contacto/), ' 910 000 000 ')
    vi.mocked(readHospital).mockResolvedValue(
      versionOf('"v2"', { nombre: 'Hospital Central Norte', telefono: '910 000 000' }),
    )

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    // Pending: the change keeps the button off until the answer.
    await waitFor(() => {
      expect(updateHospital).toHaveBeenCalledExactlyOnceWith('hospital-central', '"v1"', {
        nombre: 'Hospital Central Norte',
        telefono: '910 000 000',
        nombre_corto: '',
        color_primario: '#1f4e8c',
        color_secundario: '#0f6b5c',
      })
    })
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled()
    finish()

    expect(
      await screen.findByText(
        'Cambios guardados. Los dispositivos del centro los verán al navegar.',
      ),
    ).toBeInTheDocument()
    expect(readHospital).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeEnabled()
  })

  it('keeps what was typed when someone else saved first, and the next save names their version', async () => {
    vi.mocked(updateHospital).mockRejectedValueOnce(new ApiError(412, 'stale', ''))
    const { user } = renderPanel()
    const name = await screen.findByLabelText('Nombre del centro')
    await user.type(name, ' Norte')
    vi.mocked(readHospital).mockResolvedValue(versionOf('"v7"', { nombre: 'Hospital del Centro' }))

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    expect(
      await screen.findByText(/Otra persona ha guardado cambios en este centro mientras editabas/),
    ).toBeInTheDocument()
    await waitFor(() => {
      expect(readHospital).toHaveBeenCalledTimes(2)
    })
    expect(name).toHaveValue('Hospital Central Norte')

    vi.mocked(updateHospital).mockResolvedValue(versionOf('"v8"'))
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    await waitFor(() => {
      expect(updateHospital).toHaveBeenLastCalledWith(
        'hospital-central',
        '"v7"',
        expect.objectContaining({ nombre: 'Hospital Central Norte' }),
      )
    })
  })

  it('checks the name before sending anything', async () => {
    const { user } = renderPanel()
    await user.clear(await screen.findByLabelText('Nombre del centro'))

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    expect(screen.getByText('Escribe el nombre del centro.')).toBeInTheDocument()
    expect(updateHospital).not.toHaveBeenCalled()
  })

  it('refuses an SVG logo before sending it', async () => {
    renderPanel()
    const input = await screen.findByLabelText(/Imagen PNG, JPEG o WebP/)
    // A file picker may offer any file ("All files"): the input's `accept` is only a hint.
    const user = userEvent.setup({ applyAccept: false })

    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }))

    expect(
      screen.getByText('El logotipo debe ser una imagen PNG, JPEG o WebP (no SVG).'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Subir logotipo' })).toBeDisabled()
  })

  it('uploads a logo, showing its progress, and reads the hospital again', async () => {
    let report: (sent: number) => void = () => undefined
    let finish: () => void = () => undefined
    vi.mocked(uploadLogo).mockImplementation(
      (_tenant, _file, onProgress) =>
        new Promise((resolve) => {
          report = onProgress
          finish = () => {
            resolve({ imagen: '/logos/h/abc.png' })
          }
        }),
    )
    const { user } = renderPanel()
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })
    await user.upload(await screen.findByLabelText(/Imagen PNG, JPEG o WebP/), logo)
    expect(screen.getByRole('img', { name: 'Vista previa del logotipo elegido' })).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Subir logotipo' }))

    await waitFor(() => {
      expect(uploadLogo).toHaveBeenCalledExactlyOnceWith(
        'hospital-central',
        logo,
        expect.any(Function),
      )
    })
    expect(screen.getByRole('button', { name: 'Subir logotipo' })).toBeDisabled()
    report(0.5)
    await waitFor(() => {
      expect(
        screen.getByRole('progressbar', { name: 'Progreso de la subida del logotipo' }),
      ).toHaveAttribute('value', '0.5')
    })
    finish()

    expect(await screen.findByText('Logotipo actualizado.')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(readHospital).toHaveBeenCalledTimes(2)
  })

  it("never shows one hospital's image under another's panel", async () => {
    let finish: () => void = () => undefined
    const client = newTestQueryClient()
    const { rerender } = render(
      <WithQueryClient client={client}>
        <ImagenCentroPanel tenant="hospital-central" />
      </WithQueryClient>,
    )
    expect(await screen.findByLabelText('Nombre del centro')).toHaveValue('Hospital Central')
    vi.mocked(readHospital).mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () => {
            resolve(versionOf('"n1"', { tenant: 'clinica-norte', nombre: 'Clínica Norte' }))
          }
        }),
    )

    rerender(
      <WithQueryClient client={client}>
        <ImagenCentroPanel tenant="clinica-norte" />
      </WithQueryClient>,
    )

    expect(await screen.findByText('Cargando la imagen del centro…')).toBeInTheDocument()
    expect(screen.queryByLabelText('Nombre del centro')).toBeNull()
    finish()
    expect(await screen.findByLabelText('Nombre del centro')).toHaveValue('Clínica Norte')
  })
})
