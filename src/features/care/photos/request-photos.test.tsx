/**
 * The request form sends its photos once the request exists, each with its own progress; one
 * that fails says so by itself with "Reintentar", which sends it again and then leads on.
 */
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { beforeEach, expect, it, vi } from 'vitest'
import { NetworkError } from '../../../lib/api-errors'
import * as careApi from '../api/care-api'
import { RequestForm } from '../screens/RequestForm'
import { anAsistencia } from '../testing/asistencia'

vi.mock('../api/care-api')
vi.mock('../outbox/outbox', () => ({ isUnsentFailure: () => false, keepRequest: vi.fn() }))

const api = vi.mocked(careApi)

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

beforeEach(() => {
  vi.resetAllMocks()
  api.listEspecialidades.mockResolvedValue([])
  api.createAsistencia.mockImplementation((body) => Promise.resolve(anAsistencia({ id: body.id })))
})

it('shows each photo going out, and "Reintentar" by one that failed sends it again', async () => {
  let finishFirst: (() => void) | undefined
  api.uploadFoto
    .mockImplementationOnce((_id, _photo, onProgress) => {
      onProgress?.(0.4)
      return new Promise((_resolve, reject) => {
        finishFirst = () => {
          reject(new NetworkError('cut off'))
        }
      })
    })
    .mockResolvedValueOnce({ id: 'f1', url: '/api/asistencias/x/fotos/f1' })
  const { container } = render(
    <MemoryRouter initialEntries={['/hospital-central/solicitar']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <RequestForm tenant="hospital-central" preselected={null} onTermsChanged={vi.fn()} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  )
  const input = container.querySelector<HTMLInputElement>('input[type="file"]:not([capture])')
  if (input === null) throw new Error('No file field')
  await userEvent.upload(input, new File(['jpeg'], 'rodilla.jpg', { type: 'image/jpeg' }))
  await userEvent.type(screen.getByLabelText('Motivo'), 'Me duele la rodilla')
  await userEvent.click(screen.getByRole('button', { name: 'Solicitar asistencia' }))

  const progress = await screen.findByRole('progressbar', { name: 'Enviando foto 1' })
  expect(progress).toHaveAttribute('value', '0.4')
  expect(screen.getByText('Enviando… 40 %')).toBeVisible()

  finishFirst?.()
  const retry = await screen.findByRole('button', { name: 'Reintentar' })
  expect(retry).toHaveAccessibleDescription(/No se ha podido enviar la foto 1/)
  // Still here: the request exists, its photo does not yet.
  expect(screen.getByTestId('where')).toHaveTextContent('/hospital-central/solicitar')

  await userEvent.click(retry)
  const [requestId] = api.createAsistencia.mock.calls[0] ?? []
  // The retry's upload settles after the click: the screen leads on once it has.
  await waitFor(() => {
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/hospital-central/atencion-asistencia/${requestId?.id ?? ''}`,
    )
  })
  expect(api.uploadFoto).toHaveBeenCalledTimes(2)
  expect(api.createAsistencia).toHaveBeenCalledTimes(1)
})
