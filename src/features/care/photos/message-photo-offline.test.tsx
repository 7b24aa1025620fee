/**
 * Offline, a photo in the conversation waits in the outbox with its message, and the picker is
 * there again for the next one.
 */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import * as careApi from '../api/care-api'
import { ConsultationScreen } from '../screens/ConsultationScreen'
import * as outbox from '../outbox/outbox'
import { anAsistencia } from '../testing/asistencia'
import { WithQueryClient } from '../testing/with-query-client'

vi.mock('../live/live', () => import('../testing/fake-live'))
vi.mock('../outbox/outbox', () => import('../testing/empty-outbox'))
vi.mock('../api/care-api')
vi.mock('../api/referrals-api')

const ID = '0b7d1f0e-4a4c-4d8e-9a51-2f6f3c1d9e01'
const api = vi.mocked(careApi)

beforeEach(() => {
  vi.resetAllMocks()
  api.listMensajes.mockResolvedValue([])
  api.readAsistencia.mockResolvedValue(
    anAsistencia({
      id: ID,
      estado: 'en_curso',
      profesional: { id: 5, nombre: 'Dra. Ruiz' },
      atendida_en: '2026-11-23T10:05:00.000Z',
    }),
  )
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
})

afterEach(() => {
  vi.restoreAllMocks()
})

it('keeps a photo taken offline in the outbox with its message, and offers the picker again', async () => {
  const { container } = render(
    <WithQueryClient>
      <MemoryRouter>
        <ConsultationScreen tenant="hospital-central" id={ID} rol="cliente" userId={1} />
      </MemoryRouter>
    </WithQueryClient>,
  )
  await screen.findByRole('button', { name: 'Enviar' })
  const picker = screen.getByRole('button', { name: 'Adjuntar foto' })
  expect(picker).toBeEnabled()
  const input = container.querySelector<HTMLInputElement>('input[type="file"]:not([capture])')
  if (input === null) throw new Error('No file field')
  const photo = new File(['jpeg'], 'herida.jpg', { type: 'image/jpeg' })
  await userEvent.upload(input, photo)
  await userEvent.type(screen.getByLabelText('Mensaje'), 'Así está hoy')
  await userEvent.click(screen.getByRole('button', { name: 'Enviar' }))

  // Shown in the conversation at once (marked "Pendiente de envío" while the outbox holds it).
  expect(await screen.findByText('Así está hoy')).toBeVisible()
  expect(vi.mocked(outbox.keepMessage)).toHaveBeenCalledWith(
    'hospital-central',
    ID,
    expect.objectContaining({ texto: 'Así está hoy' }),
    photo,
  )
  expect(api.uploadFoto).not.toHaveBeenCalled()
  expect(screen.getByRole('button', { name: 'Adjuntar foto' })).toBeEnabled()
})
