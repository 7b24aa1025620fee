/**
 * A consultation opened when already over shows its record, read-only, in the hospital's time
 * zone, with "Imprimir" and "Descargar PDF"; a guest is never shown it (their session ended).
 */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { RegistroConsulta } from '../../../contract/record'
import { ApiError } from '../../../lib/api-errors'
import * as careApi from '../api/care-api'
import { ConsultationScreen } from './ConsultationScreen'
import * as recordApi from '../api/record-api'
import { anAsistencia } from '../testing/asistencia'
import { WithQueryClient } from '../testing/with-query-client'

vi.mock('../live/live', () => import('../testing/fake-live'))
vi.mock('../outbox/outbox', () => import('../testing/empty-outbox'))
vi.mock('../api/care-api')
vi.mock('../api/record-api')
vi.mock('../api/referrals-api')

const api = vi.mocked(careApi)
const records = vi.mocked(recordApi)
const ID = '0b7d1f0e-4a4c-4d8e-9a51-2f6f3c1d9e01'
const TENANT = 'hospital-central'
const finished = anAsistencia({
  id: ID,
  estado: 'finalizada',
  profesional: { id: 5, nombre: 'Dra. Ruiz' },
  atendida_en: '2026-11-23T10:05:00.000Z',
  cerrada_en: '2026-11-23T10:20:00.000Z',
  resumen: 'Reposo e hidratación.',
})
const registro: RegistroConsulta = {
  hospital: { nombre: 'Hospital Central', imagen: null, zona_horaria: 'Europe/Madrid' },
  asistencia: finished,
  mensajes: [
    {
      id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      asistencia_id: ID,
      autor: { id: 1, nombre: 'Lucía Martín', rol: 'cliente' },
      texto: '¿Puedo tomar ibuprofeno?',
      foto: null,
      creado_en: '2026-11-23T10:07:00.000Z',
    },
  ],
  llamadas: [
    {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      asistencia_id: ID,
      video: true,
      estado: 'terminada',
      motivo_fin: 'colgada',
      iniciada_por: 'profesional',
      creada_en: '2026-11-23T10:08:00.000Z',
      aceptada_en: '2026-11-23T10:08:10.000Z',
      terminada_en: '2026-11-23T10:20:10.000Z',
    },
  ],
  derivaciones: [],
}

function open(rol: string, userId: number, isGuest = false) {
  render(
    <WithQueryClient>
      <MemoryRouter initialEntries={[`/${TENANT}/atencion-asistencia/${ID}`]}>
        <Routes>
          <Route
            path="/:tenant/atencion-asistencia/:id"
            element={
              <ConsultationScreen
                tenant={TENANT}
                id={ID}
                rol={rol}
                userId={userId}
                isGuest={isGuest}
              />
            }
          />
          <Route path="/:tenant/error-consulta-inactiva" element={<p>Pantalla inactiva</p>} />
        </Routes>
      </MemoryRouter>
    </WithQueryClient>,
  )
}

beforeEach(() => {
  vi.resetAllMocks()
  api.listMensajes.mockResolvedValue([])
  api.readAsistencia.mockResolvedValue(finished)
  records.readRegistro.mockResolvedValue(registro)
  records.downloadRegistroPdf.mockResolvedValue()
})

describe('a consultation that is over', () => {
  it('shows its record to its patient: conversation with times, summary, calls, read-only', async () => {
    open('cliente', 1)
    expect(await screen.findByText('¿Puedo tomar ibuprofeno?')).toBeVisible()
    expect(screen.getByText('Reposo e hidratación.')).toBeVisible()
    // 10:07 UTC is 11:07 in Madrid in November.
    expect(screen.getByText('11:07')).toBeVisible()
    expect(screen.getByText(/Videollamada · 12 min/)).toBeVisible()
    expect(screen.queryByLabelText('Mensaje')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Finalizar' })).toBeNull()
    expect(records.readRegistro).toHaveBeenCalledWith(ID, expect.any(AbortSignal))
  })

  it('prints with "Imprimir" and downloads the server’s PDF with "Descargar PDF"', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    open('profesional', 5)
    await userEvent.click(await screen.findByRole('button', { name: 'Imprimir' }))
    expect(print).toHaveBeenCalledOnce()
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }))
    expect(records.downloadRegistroPdf).toHaveBeenCalledWith(registro)
    print.mockRestore()
  })

  it('says so when the record does not exist for this person', async () => {
    records.readRegistro.mockRejectedValue(new ApiError(404, 'not_found', ''))
    open('cliente', 9)
    expect(await screen.findByText(/no existe o no tienes acceso/)).toBeVisible()
  })

  it('leads a guest to the inactive-consultation screen, never the record', async () => {
    api.readAsistencia.mockResolvedValue({ ...finished, estado: 'cancelada' })
    open('cliente', 1, true)
    expect(await screen.findByText('Pantalla inactiva')).toBeVisible()
    expect(records.readRegistro).not.toHaveBeenCalled()
  })
})
