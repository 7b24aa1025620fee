import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Quiosco } from '../../contract/kiosks'
import { listKiosks, revokeKiosk } from './admin-api'
import { QuioscosPanel } from './QuioscosPanel'
import { newTestQueryClient, WithQueryClient } from '../care/testing/with-query-client'

vi.mock('./admin-api', () => ({
  listKiosks: vi.fn(),
  enrolKiosk: vi.fn(),
  revokeKiosk: vi.fn(),
}))

const ENTRADA: Quiosco = {
  id: 7,
  nombre: 'Entrada principal',
  creado_en: '2026-11-20T09:00:00.000Z',
  revocado_en: null,
}
const REVOCADO: Quiosco = { ...ENTRADA, revocado_en: '2026-11-26T10:00:00.000Z' }

beforeEach(() => {
  vi.resetAllMocks()
  vi.mocked(listKiosks).mockResolvedValue([ENTRADA])
  // jsdom has no modal dialogs: these open and close one as the browser does, by its `open`
  // attribute (which its style sheet already shows and hides).
  Object.defineProperties(HTMLDialogElement.prototype, {
    showModal: {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.setAttribute('open', '')
      },
    },
    close: {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.removeAttribute('open')
      },
    },
  })
})

afterEach(() => {
  const dialogs = HTMLDialogElement.prototype as unknown as Record<string, unknown>
  delete dialogs.showModal
  delete dialogs.close
})

function renderPanel() {
  render(
    <WithQueryClient client={newTestQueryClient()}>
      <QuioscosPanel
        tenant="hospital-central"
        hospitalName="Hospital Central"
        onEnrolled={vi.fn()}
      />
    </WithQueryClient>,
  )
  return userEvent.setup()
}

describe('QuioscosPanel', () => {
  it('revokes a kiosk only once the administrator confirms, then reads the list again', async () => {
    vi.mocked(revokeKiosk).mockResolvedValue(REVOCADO)
    const user = renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Revocar Entrada principal' }))

    const question = screen.getByRole('dialog', { name: '¿Revocar el quiosco Entrada principal?' })
    expect(question).toHaveAccessibleDescription(/Dejará de dar números de turno/)
    // Nothing is sent while the question is open; the choice that loses nothing has the focus.
    expect(revokeKiosk).not.toHaveBeenCalled()
    expect(within(question).getByRole('button', { name: 'No, mantenerlo' })).toHaveFocus()

    vi.mocked(listKiosks).mockResolvedValue([REVOCADO])
    await user.click(within(question).getByRole('button', { name: 'Sí, revocar el quiosco' }))

    expect(
      await screen.findByText(
        'Quiosco revocado: Entrada principal. Ya no admite visitas presenciales.',
      ),
    ).toBeInTheDocument()
    expect(revokeKiosk).toHaveBeenCalledExactlyOnceWith('hospital-central', 7)
    const row = screen.getByRole('row', { name: /Entrada principal/ })
    expect(within(row).getByText(/^Revocado el /)).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: /^Revocar/ })).toBeNull()
  })

  it('keeps the kiosk when the administrator changes their mind', async () => {
    const user = renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Revocar Entrada principal' }))
    await user.click(screen.getByRole('button', { name: 'No, mantenerlo' }))

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(revokeKiosk).not.toHaveBeenCalled()
    const row = screen.getByRole('row', { name: /Entrada principal/ })
    expect(within(row).getByText('Activo')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Revocar Entrada principal' })).toBeEnabled()
  })
})
