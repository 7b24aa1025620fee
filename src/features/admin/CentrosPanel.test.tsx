import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-errors'
import {
  createHospital,
  listHospitals,
  readHospital,
  updateHospital,
  type Hospital,
} from './admin-api'
import { CentrosPanel } from './CentrosPanel'
import { newTestQueryClient, WithQueryClient } from '../care/testing/with-query-client'

// The chosen hospital's own panels read through their own calls: quiet, empty answers.
vi.mock('./admin-api', () => ({
  listHospitals: vi.fn(),
  createHospital: vi.fn(),
  readHospital: vi.fn(),
  updateHospital: vi.fn(),
  listAccounts: vi.fn(() => Promise.resolve([])),
  listAudit: vi.fn(() => Promise.resolve([])),
  uploadLogo: vi.fn(),
}))

const NORTE: Hospital = {
  tenant: 'clinica-norte',
  nombre: 'Clínica Norte',
  color_primario: '#0b5394',
  color_secundario: '#38761d',
  imagen: '',
  activo: true,
} as Hospital

beforeEach(() => {
  vi.resetAllMocks()
  vi.mocked(listHospitals).mockResolvedValue([NORTE])
  vi.mocked(readHospital).mockResolvedValue({ hospital: NORTE, etag: '"v3"' })
})

/** The panel with a page cache of its own, as the app gives it by context. */
function renderPanel() {
  const client = newTestQueryClient()
  render(
    <WithQueryClient client={client}>
      <CentrosPanel />
    </WithQueryClient>,
  )
  return { client, user: userEvent.setup() }
}

describe('CentrosPanel', () => {
  it("lists the hospitals through the page's cache", async () => {
    renderPanel()

    expect(await screen.findByRole('rowheader', { name: 'Clínica Norte' })).toBeInTheDocument()
    expect(listHospitals).toHaveBeenCalledOnce()
  })

  it('disables a hospital after confirming, naming the version it read, and reads the list again', async () => {
    vi.mocked(updateHospital).mockResolvedValue({
      hospital: { ...NORTE, activo: false },
      etag: '"v4"',
    })
    const { user } = renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Desactivar Clínica Norte' }))
    vi.mocked(listHospitals).mockResolvedValue([{ ...NORTE, activo: false }])

    await user.click(screen.getByRole('button', { name: 'Sí, desactivar' }))

    expect(
      await screen.findByText(
        'Centro desactivado: Clínica Norte. Sus cuentas ya no pueden entrar.',
      ),
    ).toBeInTheDocument()
    expect(updateHospital).toHaveBeenCalledExactlyOnceWith('clinica-norte', '"v3"', {
      activo: false,
    })
    const row = screen.getByRole('row', { name: /Clínica Norte/ })
    await waitFor(() => {
      expect(within(row).getByText('Desactivado')).toBeInTheDocument()
    })
    expect(within(row).getByRole('button', { name: 'Reactivar Clínica Norte' })).toBeEnabled()
  })

  it('says so when someone else changed the hospital first, and reads nothing again', async () => {
    vi.mocked(listHospitals).mockResolvedValue([{ ...NORTE, activo: false }])
    vi.mocked(updateHospital).mockRejectedValue(new ApiError(412, 'stale', ''))
    const { user } = renderPanel()

    await user.click(await screen.findByRole('button', { name: 'Reactivar Clínica Norte' }))

    expect(
      await screen.findByText(/^Otra persona ha guardado cambios en este centro/),
    ).toBeInTheDocument()
    expect(listHospitals).toHaveBeenCalledOnce()
  })

  it('creates a hospital, empties the form and opens it to set up', async () => {
    const SOL = { ...NORTE, tenant: 'clinica-sol', nombre: 'Clínica Sol' }
    vi.mocked(createHospital).mockResolvedValue(SOL)
    const { user } = renderPanel()
    await screen.findByRole('rowheader', { name: 'Clínica Norte' })

    await user.type(screen.getByLabelText(/^Dirección/), ' clinica-sol ')
    await user.type(screen.getByLabelText('Nombre del centro'), 'Clínica Sol')
    await user.click(screen.getByRole('button', { name: 'Crear centro' }))

    expect(
      await screen.findByText(
        'Centro creado: Clínica Sol (/clinica-sol). Crea ahora su cuenta de administración.',
      ),
    ).toBeInTheDocument()
    expect(createHospital).toHaveBeenCalledExactlyOnceWith({
      tenant: 'clinica-sol',
      nombre: 'Clínica Sol',
      color_primario: '#0b5394',
      color_secundario: '#38761d',
    })
    expect(screen.getByLabelText(/^Dirección/)).toHaveValue('')
    expect(
      await screen.findByRole('heading', { name: 'Cuentas de Clínica Sol' }),
    ).toBeInTheDocument()
  })

  it('checks the fields before sending anything', async () => {
    const { user } = renderPanel()
    await screen.findByRole('rowheader', { name: 'Clínica Norte' })

    await user.click(screen.getByRole('button', { name: 'Crear centro' }))

    expect(
      screen.getByText('Escribe la dirección del centro, como hospital-norte.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/^Dirección/)).toHaveFocus()
    expect(createHospital).not.toHaveBeenCalled()
  })

  it('offers to try again when the hospitals cannot be read', async () => {
    vi.mocked(listHospitals).mockRejectedValueOnce(new ApiError(500, null, ''))
    const { user } = renderPanel()

    await user.click(await screen.findByRole('button', { name: 'Reintentar' }))

    expect(await screen.findByRole('rowheader', { name: 'Clínica Norte' })).toBeInTheDocument()
  })
})
