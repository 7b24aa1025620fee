/**
 * The call panel as each side sees it: what is offered, where, and what a call that rings too
 * long or is declined leaves on screen. Media and the connection are the browser's: these states
 * need neither (the browser test covers a call with media).
 */
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LLAMADA_TONO_MS, type Llamada } from '../../../contract/calls'
import type { Asistencia } from '../../../contract/care'
import { anAsistencia } from '../testing/asistencia'
import { emitCareEvent } from '../testing/fake-live'
import { WithQueryClient } from '../testing/with-query-client'
import * as callApi from './call-api'
import { CallPanel, NO_RELAY_NOTICE } from './CallPanel'
import { useConsultationCall } from './use-consultation-call'

vi.mock('../live/live', () => import('../testing/fake-live'))
vi.mock('./call-api')
vi.mock('./ring-alert', () => ({
  startRingTone: () => () => undefined,
  notifyIncomingCall: () => () => undefined,
}))

const api = vi.mocked(callApi)
const RELAY = { iceServers: [], relay: true, caduca_en: '2099-01-01T00:00:00.000Z' }

const consultation = (overrides: Partial<Asistencia> = {}) =>
  anAsistencia({
    estado: 'en_curso',
    profesional: { id: 2, nombre: 'Dra. Ana Ruiz' },
    ...overrides,
  })

function llamada(overrides: Partial<Llamada> = {}): Llamada {
  return {
    id: '3c8f2a10-5d4e-4f6a-8b7c-9d0e1f2a3b4c',
    asistencia_id: consultation().id,
    video: true,
    estado: 'sonando',
    motivo_fin: null,
    iniciada_por: 'profesional',
    creada_en: new Date().toISOString(),
    aceptada_en: null,
    terminada_en: null,
    ...overrides,
  }
}

function Harness({ asistencia, isPatient }: { asistencia: Asistencia; isPatient: boolean }) {
  const call = useConsultationCall(asistencia, { isParticipant: true, isPatient })
  return <CallPanel call={call} otherName={isPatient ? 'Dra. Ana Ruiz' : 'Lucía Martín'} />
}

beforeEach(() => {
  vi.resetAllMocks()
  api.listLlamadas.mockResolvedValue([])
  api.readIceConfiguration.mockResolvedValue(RELAY)
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the call panel', () => {
  it('offers a video or a voice call in a remote consultation', async () => {
    render(<Harness asistencia={consultation()} isPatient />, { wrapper: WithQueryClient })
    expect(await screen.findByRole('button', { name: 'Videollamada' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Llamada de voz' })).toBeEnabled()
    expect(screen.queryByText(NO_RELAY_NOTICE)).not.toBeInTheDocument()
  })

  it('offers no call on a walk-in: the person is at the centre', () => {
    render(<Harness asistencia={consultation({ origen: 'presencial' })} isPatient={false} />, {
      wrapper: WithQueryClient,
    })
    expect(screen.queryByRole('button', { name: 'Videollamada' })).not.toBeInTheDocument()
    expect(api.listLlamadas).not.toHaveBeenCalled()
  })

  it('says calls may fail on some networks when the hospital has no relay', async () => {
    api.readIceConfiguration.mockResolvedValue({ iceServers: [], relay: false, caduca_en: null })
    render(<Harness asistencia={consultation()} isPatient />, { wrapper: WithQueryClient })
    expect(await screen.findByText(NO_RELAY_NOTICE)).toBeInTheDocument()
  })

  it('rings with Aceptar and Rechazar, announced; Rechazar declines it', async () => {
    const user = userEvent.setup()
    const ringing = llamada()
    api.listLlamadas.mockResolvedValue([ringing])
    api.rechazarLlamada.mockResolvedValue({
      ...ringing,
      estado: 'terminada',
      motivo_fin: 'rechazada',
      terminada_en: new Date().toISOString(),
    })
    render(<Harness asistencia={consultation()} isPatient />, { wrapper: WithQueryClient })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Videollamada entrante de Dra. Ana Ruiz',
    )
    expect(screen.getByRole('button', { name: 'Aceptar' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Rechazar' }))
    expect(api.rechazarLlamada).toHaveBeenCalledWith(ringing.asistencia_id, ringing.id)
    expect(await screen.findByText('Llamada rechazada')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Videollamada' })).toBeEnabled()
  })

  it('stops ringing after 45 s; the caller is told "Sin respuesta"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const calling = llamada({ iniciada_por: 'paciente' })
    api.listLlamadas.mockResolvedValue([calling])
    const unanswered = {
      ...calling,
      estado: 'terminada' as const,
      motivo_fin: 'sin_respuesta' as const,
      terminada_en: new Date().toISOString(),
    }
    api.colgarLlamada.mockResolvedValue(unanswered)
    render(<Harness asistencia={consultation()} isPatient />, { wrapper: WithQueryClient })
    expect(await screen.findByText('Llamando a Dra. Ana Ruiz…')).toBeInTheDocument()
    expect(api.colgarLlamada).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(LLAMADA_TONO_MS + 1_000))
    // The server decides: past its time, "colgar" ends it as unanswered.
    expect(api.colgarLlamada).toHaveBeenCalledWith(calling.asistencia_id, calling.id)
    expect(await screen.findByText('Sin respuesta')).toBeInTheDocument()
  })

  it('hears the other side’s ringing stop when its call ends elsewhere', async () => {
    const ringing = llamada()
    api.listLlamadas.mockResolvedValue([ringing])
    render(<Harness asistencia={consultation()} isPatient />, { wrapper: WithQueryClient })
    expect(await screen.findByRole('button', { name: 'Aceptar' })).toBeInTheDocument()
    emitCareEvent({
      tipo: 'llamada',
      llamada: {
        ...ringing,
        estado: 'terminada',
        motivo_fin: 'sin_respuesta',
        terminada_en: new Date().toISOString(),
      },
    })
    expect(await screen.findByText('Llamada perdida')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument()
  })
})
