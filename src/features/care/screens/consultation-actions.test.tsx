/**
 * The consultation screen offers each person the actions the contract's policy gives them, and
 * no button the server would refuse.
 */
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as careApi from '../api/care-api'
import { ConsultationScreen } from './ConsultationScreen'
import { anAsistencia } from '../testing/asistencia'
import { WithQueryClient } from '../testing/with-query-client'

vi.mock('../live/live', () => import('../testing/fake-live'))
vi.mock('../outbox/outbox', () => import('../testing/empty-outbox'))
vi.mock('../api/care-api')
vi.mock('../api/referrals-api')

const api = vi.mocked(careApi)
const ID = '0b7d1f0e-4a4c-4d8e-9a51-2f6f3c1d9e01'
const TENANT = 'hospital-central'
const waiting = anAsistencia({ id: ID })
const attended = anAsistencia({
  id: ID,
  estado: 'en_curso',
  profesional: { id: 5, nombre: 'Dra. Ruiz' },
  atendida_en: '2026-11-23T10:05:00.000Z',
})

function open(rol: string, userId: number) {
  render(
    <WithQueryClient>
      <MemoryRouter>
        <ConsultationScreen tenant={TENANT} id={ID} rol={rol} userId={userId} />
      </MemoryRouter>
    </WithQueryClient>,
  )
}

beforeEach(() => {
  vi.resetAllMocks()
  api.listMensajes.mockResolvedValue([])
})

describe('the waiting room', () => {
  it('offers its patient "Cancelar solicitud" and no "Atender"', async () => {
    api.readAsistencia.mockResolvedValue(waiting)
    open('cliente', 1)
    expect(await screen.findByRole('button', { name: 'Cancelar solicitud' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Atender' })).toBeNull()
  })

  it('offers a professional "Atender"', async () => {
    api.readAsistencia.mockResolvedValue(waiting)
    open('profesional', 5)
    expect(await screen.findByRole('button', { name: 'Atender' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Cancelar solicitud' })).toBeNull()
  })

  it('offers an administrator following it neither', async () => {
    api.readAsistencia.mockResolvedValue(waiting)
    open('admin', 4)
    expect(await screen.findByRole('heading', { name: 'Solicitud en espera' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Atender' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancelar solicitud' })).toBeNull()
  })

  it('offers no "Atender" on a referral addressed to a colleague', async () => {
    api.readAsistencia.mockResolvedValue(
      anAsistencia({
        id: ID,
        derivacion: {
          por: { id: 7, nombre: 'Dr. Gil' },
          a: { id: 8, nombre: 'Dra. Sanz' },
          nota: 'Valorar',
          resumen_origen: null,
        },
      }),
    )
    open('profesional', 5)
    expect(await screen.findByRole('heading', { name: 'Solicitud en espera' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Atender' })).toBeNull()
  })
})

describe('the consultation', () => {
  it('lets its professional write, refer and finish', async () => {
    api.readAsistencia.mockResolvedValue(attended)
    open('profesional', 5)
    expect(await screen.findByRole('button', { name: 'Finalizar' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Consulta con Lucía Martín' })).toBeVisible()
  })

  it('lets its patient write, not finish', async () => {
    api.readAsistencia.mockResolvedValue(attended)
    open('cliente', 1)
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Finalizar' })).toBeNull()
  })

  it('shows an administrator or a colleague the conversation without writing or finishing', async () => {
    for (const [rol, userId] of [
      ['admin', 4],
      ['profesional', 6],
    ] as const) {
      api.readAsistencia.mockResolvedValue(attended)
      const view = render(
        <WithQueryClient>
          <MemoryRouter>
            <ConsultationScreen tenant={TENANT} id={ID} rol={rol} userId={userId} />
          </MemoryRouter>
        </WithQueryClient>,
      )
      expect(await screen.findByRole('heading', { name: 'Conversación' })).toBeVisible()
      expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Finalizar' })).toBeNull()
      view.unmount()
    }
  })
})
