/**
 * A call ends at once when its participant goes: leaving the consultation's screen or signing
 * out hangs it up (before the session's token goes), and a connection that cannot be restored
 * ends it as `fallo_conexion`. A page that simply loses its screen without a call sends nothing.
 * Video the network cannot carry gives way to the voice alone, said on screen.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  LLAMADA_VIDEO_LENTA_MS,
  LLAMADA_VIDEO_MIN_BPS,
  type Llamada,
} from '../../../contract/calls'
import { announceSessionEnding } from '../../../lib/session-ending'
import { removeValue, writeValue } from '../../../lib/storage'
import { anAsistencia } from '../testing/asistencia'
import { emitCareEvent } from '../testing/fake-live'
import { WithQueryClient } from '../testing/with-query-client'
import * as callApi from './call-api'
import * as callLink from './call-link'
import * as callMedia from './call-media'
import { CallPanel } from './CallPanel'
import { useConsultationCall } from './use-consultation-call'

vi.mock('../live/live', () => import('../testing/fake-live'))
vi.mock('./call-api')
vi.mock('./call-link')
vi.mock('./call-media')
vi.mock('./ring-alert', () => ({
  startRingTone: () => () => undefined,
  notifyIncomingCall: () => () => undefined,
}))

const api = vi.mocked(callApi)
const asistencia = anAsistencia({
  estado: 'en_curso',
  profesional: { id: 2, nombre: 'Dra. Ana Ruiz' },
})

const running: Llamada = {
  id: '3c8f2a10-5d4e-4f6a-8b7c-9d0e1f2a3b4c',
  asistencia_id: asistencia.id,
  video: true,
  estado: 'en_curso',
  motivo_fin: null,
  iniciada_por: 'profesional',
  creada_en: new Date().toISOString(),
  aceptada_en: new Date().toISOString(),
  terminada_en: null,
}

const ended = (motivo: Llamada['motivo_fin']): Llamada => ({
  ...running,
  estado: 'terminada',
  motivo_fin: motivo,
  terminada_en: new Date().toISOString(),
})

function Harness() {
  const call = useConsultationCall(asistencia, { isParticipant: true, isPatient: true })
  return <CallPanel call={call} otherName="Dra. Ana Ruiz" />
}

beforeEach(() => {
  vi.resetAllMocks()
  writeValue('token', 'token-de-la-paciente')
  api.listLlamadas.mockResolvedValue([running])
  api.readIceConfiguration.mockResolvedValue({
    iceServers: [],
    relay: true,
    caduca_en: '2099-01-01T00:00:00.000Z',
  })
  api.colgarLlamada.mockResolvedValue(ended('colgada'))
  vi.mocked(callMedia.captureCallMedia).mockResolvedValue({
    stream: { getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [] },
    hasVideo: true,
    notice: null,
  } as unknown as callMedia.CallMedia)
  vi.mocked(callLink.createCallLink).mockReturnValue({
    receive: () => Promise.resolve(),
    getStats: () => Promise.resolve(new Map() as unknown as RTCStatsReport),
    close: vi.fn(),
  })
})

afterEach(() => {
  removeValue('token')
  vi.useRealTimers()
})

/** Renders a page that is in the running call, its connection opened. */
async function inTheCall() {
  const view = render(<Harness />, { wrapper: WithQueryClient })
  expect(await screen.findByRole('button', { name: 'Colgar' })).toBeInTheDocument()
  await waitFor(() => {
    expect(callLink.createCallLink).toHaveBeenCalled()
  })
  return view
}

describe('a participant who goes leaves the call at once', () => {
  it('hangs up when the consultation’s screen is left', async () => {
    const { unmount } = await inTheCall()
    expect(api.colgarLlamada).not.toHaveBeenCalled()
    unmount()
    expect(api.colgarLlamada).toHaveBeenCalledExactlyOnceWith(running.asistencia_id, running.id)
  })

  it('hangs up as the session ends, while its token is still there, and only once', async () => {
    const { unmount } = await inTheCall()
    api.colgarLlamada.mockImplementation(() => {
      expect(localStorage.getItem('token')).not.toBeNull()
      return Promise.resolve(ended('colgada'))
    })
    announceSessionEnding()
    removeValue('token')
    unmount()
    expect(api.colgarLlamada).toHaveBeenCalledOnce()
  })

  it('sends nothing without a token (another tab ended the session)', async () => {
    const { unmount } = await inTheCall()
    removeValue('token')
    unmount()
    expect(api.colgarLlamada).not.toHaveBeenCalled()
  })

  it('ends the call as fallo_conexion when the connection cannot be restored', async () => {
    api.colgarLlamada.mockResolvedValue(ended('fallo_conexion'))
    await inTheCall()
    const [options] = vi.mocked(callLink.createCallLink).mock.calls[0] ?? []
    options?.onState('reconectando')
    expect(await screen.findByText('Reconectando…')).toBeInTheDocument()
    options?.onState('fallida')
    expect(
      await screen.findByText('La llamada ha terminado: no se pudo recuperar la conexión'),
    ).toBeInTheDocument()
    expect(api.colgarLlamada).toHaveBeenCalledWith(running.asistencia_id, running.id, {
      motivo: 'fallo_conexion',
    })
  })

  it('ends for the other side as soon as the server says a participant’s session ended', async () => {
    await inTheCall()
    emitCareEvent({ tipo: 'llamada', llamada: ended('sesion_terminada') })
    expect(
      await screen.findByText(
        'La llamada ha terminado: se ha cerrado la sesión de uno de los participantes',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Colgar' })).toBeNull()
    expect(api.colgarLlamada).not.toHaveBeenCalled()
  })
})

describe('a network too slow for video', () => {
  it('stops the camera and goes on with the voice alone, saying so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const camera = { kind: 'video', stop: vi.fn(), enabled: true }
    vi.mocked(callMedia.captureCallMedia).mockResolvedValue({
      stream: {
        getTracks: () => [camera],
        getAudioTracks: () => [],
        getVideoTracks: () => [camera],
      },
      hasVideo: true,
      notice: null,
    } as unknown as callMedia.CallMedia)
    const starved = new Map<string, Record<string, unknown>>([
      ['out', { type: 'outbound-rtp', kind: 'video', qualityLimitationReason: 'bandwidth' }],
      [
        'pair',
        {
          type: 'candidate-pair',
          nominated: true,
          availableOutgoingBitrate: LLAMADA_VIDEO_MIN_BPS / 2,
        },
      ],
    ]) as unknown as RTCStatsReport
    vi.mocked(callLink.createCallLink).mockReturnValue({
      receive: () => Promise.resolve(),
      getStats: () => Promise.resolve(starved),
      close: vi.fn(),
    })
    await inTheCall()
    const [options] = vi.mocked(callLink.createCallLink).mock.calls[0] ?? []
    act(() => {
      options?.onState('conectada')
    })
    expect(await screen.findByRole('button', { name: 'Desactivar cámara' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(LLAMADA_VIDEO_LENTA_MS + 4_000))
    expect(screen.getByText(callMedia.SLOW_VIDEO_NOTICE)).toBeInTheDocument()
    expect(camera.stop).toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: 'Desactivar cámara' })).not.toBeInTheDocument()
    expect(api.colgarLlamada).not.toHaveBeenCalled()
  })
})
