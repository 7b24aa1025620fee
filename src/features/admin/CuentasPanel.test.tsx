import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CUENTAS_PAGINA } from '../../contract/accounts'
import { ApiError } from '../../lib/api-errors'
import {
  createAccount,
  listAccounts,
  resetAccess,
  setAccountActive,
  type Account,
} from './admin-api'
import { CuentasPanel } from './CuentasPanel'
import { newTestQueryClient, WithQueryClient } from '../care/testing/with-query-client'

vi.mock('./admin-api', () => ({
  listAccounts: vi.fn(),
  createAccount: vi.fn(),
  setAccountActive: vi.fn(),
  resetAccess: vi.fn(),
}))

const OWN: Account = {
  id: 1,
  tenant: 'hospital-central',
  email: 'admin@hospital-central.es',
  nombre: 'Carmen Ruiz',
  rol: 'admin',
  activo: true,
  especialidades: [],
  invitacion_pendiente: false,
}
const NURSE: Account = {
  id: 2,
  email: 'enfermeria@hospital-central.es',
  nombre: 'Marta Gil',
  rol: 'profesional',
  activo: true,
  especialidades: ['Enfermería'],
  invitacion_pendiente: false,
  tenant: 'hospital-central',
}

beforeEach(() => {
  vi.resetAllMocks()
  vi.mocked(listAccounts).mockResolvedValue([OWN, NURSE])
})

/** The panel with a page cache of its own, as the app gives it by context. */
function renderPanel() {
  const client = newTestQueryClient()
  render(
    <WithQueryClient client={client}>
      <CuentasPanel tenant="hospital-central" hospitalName="Hospital Central" ownAccountId={1} />
    </WithQueryClient>,
  )
  return { client, user: userEvent.setup() }
}

describe('CuentasPanel', () => {
  it("reads the hospital's accounts through the page's cache", async () => {
    renderPanel()

    expect(await screen.findByRole('rowheader', { name: 'Marta Gil' })).toBeInTheDocument()
    expect(listAccounts).toHaveBeenCalledExactlyOnceWith('hospital-central', {})
    // Its own account is never offered "Desactivar".
    expect(screen.queryByRole('button', { name: `Desactivar la cuenta ${OWN.email}` })).toBeNull()
  })

  it(
    'reads the next page on request and searches by name or email and role',
    { timeout: 20_000 },
    async () => {
      const firstPage = Array.from({ length: CUENTAS_PAGINA }, (_, index): Account => ({
        ...NURSE,
        id: 100 + index,
        email: `p${String(index)}@hospital-central.es`,
        nombre: `Paciente ${String(index)}`,
        rol: 'cliente',
      }))
      vi.mocked(listAccounts).mockResolvedValueOnce(firstPage).mockResolvedValueOnce([NURSE])
      const { user } = renderPanel()

      await user.click(await screen.findByRole('button', { name: 'Mostrar más cuentas' }))
      expect(await screen.findByRole('rowheader', { name: 'Marta Gil' })).toBeInTheDocument()
      expect(screen.getAllByRole('row')).toHaveLength(CUENTAS_PAGINA + 2)
      expect(listAccounts).toHaveBeenLastCalledWith('hospital-central', { despues: 149 })
      // A short page is the last one.
      expect(screen.queryByRole('button', { name: 'Mostrar más cuentas' })).toBeNull()

      vi.mocked(listAccounts).mockResolvedValueOnce([])
      const search = within(screen.getByRole('search', { name: 'Buscar cuentas' }))
      await user.type(search.getByLabelText('Nombre o correo'), 'marta')
      await user.selectOptions(search.getByLabelText('Filtrar por perfil'), 'profesional')
      await user.click(search.getByRole('button', { name: 'Buscar' }))
      expect(
        await screen.findByText('Ninguna cuenta coincide con la búsqueda.'),
      ).toBeInTheDocument()
      expect(listAccounts).toHaveBeenLastCalledWith('hospital-central', {
        buscar: 'marta',
        rol: 'profesional',
      })
    },
  )

  it('offers to try again when the accounts cannot be read', async () => {
    vi.mocked(listAccounts).mockRejectedValueOnce(new ApiError(500, null, ''))
    const { user } = renderPanel()

    await user.click(await screen.findByRole('button', { name: 'Reintentar' }))

    expect(await screen.findByRole('rowheader', { name: 'Marta Gil' })).toBeInTheDocument()
  })

  it('disables an account after confirming and reads the list again', async () => {
    let finish: () => void = () => undefined
    vi.mocked(setAccountActive).mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () => {
            resolve({ ...NURSE, activo: false })
          }
        }),
    )
    const { user } = renderPanel()
    await user.click(
      await screen.findByRole('button', { name: `Desactivar la cuenta ${NURSE.email}` }),
    )
    vi.mocked(listAccounts).mockResolvedValue([OWN, { ...NURSE, activo: false }])

    await user.click(screen.getByRole('button', { name: 'Sí, desactivar' }))

    // Pending: the change keeps the buttons off until the answer.
    await waitFor(() => {
      expect(setAccountActive).toHaveBeenCalledExactlyOnceWith('hospital-central', 2, false)
    })
    expect(
      screen.getByRole('button', { name: `Restablecer acceso de ${OWN.email}` }),
    ).toBeDisabled()
    finish()

    expect(
      await screen.findByText(`Cuenta desactivada: ${NURSE.email}. Sus sesiones se han cerrado.`),
    ).toBeInTheDocument()
    const row = screen.getByRole('row', { name: /Marta Gil/ })
    await waitFor(() => {
      expect(within(row).getByText('Desactivada')).toBeInTheDocument()
    })
    expect(listAccounts).toHaveBeenCalledTimes(2)
  })

  it('says in Spanish why a new account was refused, keeps what was typed and reads nothing again', async () => {
    vi.mocked(createAccount).mockRejectedValue(new ApiError(409, 'email_taken', ''))
    const { user } = renderPanel()
    await screen.findByRole('rowheader', { name: 'Marta Gil' })

    await user.type(screen.getByLabelText('Nombre y apellidos'), 'Pablo Sanz')
    await user.type(screen.getByLabelText('Correo electrónico'), NURSE.email)
    await user.type(screen.getByLabelText(/^Contraseña inicial/), 'una-clave-larga')
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }))

    expect(
      await screen.findByText('Este centro ya tiene una cuenta con ese correo.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Nombre y apellidos')).toHaveValue('Pablo Sanz')
    expect(listAccounts).toHaveBeenCalledOnce()
  })

  it('checks the fields before sending anything', async () => {
    const { user } = renderPanel()
    await screen.findByRole('rowheader', { name: 'Marta Gil' })

    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }))

    expect(screen.getByText('Escribe el nombre y apellidos de la cuenta.')).toBeInTheDocument()
    expect(screen.getByLabelText('Nombre y apellidos')).toHaveFocus()
    expect(createAccount).not.toHaveBeenCalled()
  })

  it('shows a one-time access code once, for the account it was made for', async () => {
    vi.mocked(resetAccess).mockResolvedValue({
      codigo_acceso: 'ABCD-1234',
      caduca_en: '2026-11-25T10:00:00.000Z',
    } as Awaited<ReturnType<typeof resetAccess>>)
    const { user } = renderPanel()

    await user.click(
      await screen.findByRole('button', { name: `Restablecer acceso de ${NURSE.email}` }),
    )

    const code = await screen.findByLabelText('Código de acceso')
    expect(code).toHaveTextContent('ABCD-1234')
    expect(code).toHaveTextContent(NURSE.email)
    expect(resetAccess).toHaveBeenCalledExactlyOnceWith('hospital-central', 2)
  })
})
