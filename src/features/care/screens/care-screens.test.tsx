/**
 * The care screens that load a list or a record and keep it live: each one's own choice of
 * what to load again, what to apply itself, and what to show while loading or after a failure.
 * Each renders with a page cache of its own, as the app gives one by context; the live events
 * reach that cache first, as the real stream's do.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import type { QueryClient } from '@tanstack/react-query'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Asistencia } from '../../../contract/care'
import { ApiError, NetworkError } from '../../../lib/api-errors'
import * as careApi from '../api/care-api'
import { ConsultationScreen } from './ConsultationScreen'
import { DirectoryScreen } from './DirectoryScreen'
import { OperationsBoard } from './OperationsBoard'
import { PatientHome } from './PatientHome'
import { ProfessionalScreen } from './ProfessionalScreen'
import { ReferralsScreen } from './ReferralsScreen'
import { listReferidos } from '../api/referrals-api'
import { anAsistencia } from '../testing/asistencia'
import { careListeners, emitCareEvent as emit } from '../testing/fake-live'
import { ThanksScreen } from './ThanksScreen'
import { newTestQueryClient, WithQueryClient } from '../testing/with-query-client'
import { prefetch as prefetchDirectory } from '../../../app/routes/directorio'

vi.mock('../live/live', () => import('../testing/fake-live'))
vi.mock('../outbox/outbox', () => {
  const none = new Set<string>()
  return {
    readPendingIds: () => none,
    subscribeToOutbox: () => () => undefined,
    isUnsentFailure: () => false,
    keepMessage: vi.fn(),
  }
})
vi.mock('../alerts/system-notification', () => ({
  canNotify: () => false,
  notificationPermission: () => 'default',
  requestNotifications: vi.fn(),
}))
vi.mock('../api/care-api')
vi.mock('../api/referrals-api')

const ID = '0b7d1f0e-4a4c-4d8e-9a51-2f6f3c1d9e01'
const asistencia = (overrides: Partial<Asistencia> = {}) => anAsistencia({ id: ID, ...overrides })

function show(ui: React.ReactNode, client: QueryClient = newTestQueryClient()) {
  return render(
    <WithQueryClient client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </WithQueryClient>,
  )
}

const api = vi.mocked(careApi)
const NO_FIGURES = {
  solicitudes_hoy: 0,
  atendidas: 0,
  caducadas: 0,
  canceladas: 0,
  espera_mediana_minutos: null,
  espera_p90_minutos: null,
  valoracion_media: null,
}
const BOARD_ADMIN = { id: 3, rol: 'admin', tenant: 'hospital-central' }

beforeEach(() => {
  vi.resetAllMocks()
  api.listAsistencias.mockResolvedValue([])
  api.listMensajes.mockResolvedValue([])
  api.readEstadisticas.mockResolvedValue(NO_FIGURES)
  api.listTurno.mockResolvedValue([
    {
      id: 9,
      nombre: 'Ana Ruiz',
      especialidades: ['Pediatría'],
      estado: 'disponible',
      consultas_en_curso: 0,
    },
    {
      id: 8,
      nombre: 'Luis Gil',
      especialidades: [],
      estado: 'sin_conexion',
      consultas_en_curso: 0,
    },
  ])
  vi.mocked(listReferidos).mockResolvedValue({ enviadas: [], recibidas: [] })
})

describe("the patient's home", () => {
  it('says what failed, and "Reintentar" loads the requests again', async () => {
    api.listAsistencias.mockRejectedValueOnce(new NetworkError('offline'))
    show(<PatientHome tenant="hospital-central" />)
    expect(screen.getByText('Cargando tus solicitudes…')).toBeVisible()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No hay conexión con el servidor. Inténtalo de nuevo cuando vuelva la conexión.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText('No tienes ninguna solicitud abierta.')).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('applies a changed request itself, and reads everything again on "reinicio"', async () => {
    show(<PatientHome tenant="hospital-central" />)
    await screen.findByText('No tienes ninguna solicitud abierta.')
    emit({ tipo: 'asistencia', asistencia: asistencia() })
    expect(await screen.findByRole('link', { name: 'Ver mi solicitud en espera' })).toBeVisible()
    expect(api.listAsistencias).toHaveBeenCalledTimes(1)

    api.listAsistencias.mockResolvedValueOnce([])
    emit({ tipo: 'reinicio' })
    expect(await screen.findByText('No tienes ninguna solicitud abierta.')).toBeVisible()
    expect(api.listAsistencias).toHaveBeenCalledTimes(2)
  })
})

function showQueue() {
  show(
    <ProfessionalScreen
      tenant="hospital-central"
      professionalId={5}
      onQueueCount={() => undefined}
    />,
  )
}

describe("the professional's queue", () => {
  it('listens as the queue, and shows a request that arrives live', async () => {
    showQueue()
    expect(await screen.findByText('No hay nadie esperando.')).toBeVisible()
    expect([...careListeners].some((listener) => listener.cola)).toBe(true)
    emit({ tipo: 'asistencia', asistencia: asistencia() })
    expect(await screen.findByRole('heading', { name: 'Cola de espera (1)' })).toBeVisible()
  })

  it('keeps a refused "Atender" by its row, until that row is tried again', async () => {
    api.listAsistencias.mockResolvedValue([asistencia()])
    api.atenderAsistencia.mockRejectedValueOnce(
      new ApiError(409, 'ya_atendida', 'Conflict', {
        message: 'Otro profesional ya la está atendiendo',
      }),
    )
    showQueue()
    const atender = await screen.findByRole('button', { name: 'Atender a Lucía Martín' })
    await userEvent.click(atender)
    expect(atender).toHaveAccessibleDescription('Otro profesional ya la está atendiendo')
    expect(atender).toBeEnabled()

    api.atenderAsistencia.mockReturnValueOnce(new Promise(() => undefined))
    await userEvent.click(atender)
    expect(atender).not.toHaveAccessibleDescription()
    expect(atender).toBeDisabled()
  })

  it('says what failed, and "Reintentar" loads the queue again', async () => {
    api.listAsistencias.mockRejectedValueOnce(new ApiError(500, null, 'Server error'))
    showQueue()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Algo ha fallado. Inténtalo de nuevo.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText('No hay nadie esperando.')).toBeVisible()
  })
})

describe('the operations board', () => {
  it("reads today's figures and who is on duty again when a request changes", async () => {
    show(<OperationsBoard user={BOARD_ADMIN} />)
    expect(await screen.findByText('No hay solicitudes en espera.')).toBeVisible()
    expect(screen.getByRole('row', { name: /Luis Gil.*Sin conexión/ })).toBeVisible()
    api.readEstadisticas.mockResolvedValueOnce({ ...NO_FIGURES, solicitudes_hoy: 1 })
    emit({ tipo: 'asistencia', asistencia: asistencia() })
    expect(await screen.findByRole('heading', { name: 'En espera (1)' })).toBeVisible()
    expect(await screen.findByText('1')).toBeVisible()
    expect(api.listAsistencias).toHaveBeenCalledTimes(1)
    expect(api.listTurno).toHaveBeenCalledTimes(2)
  })

  it('assigns a waiting walk-in to a professional and shows to whom', async () => {
    const walkIn = asistencia({ origen: 'presencial', ticket: 'A-004' })
    api.listAsistencias.mockResolvedValue([walkIn])
    api.asignarAsistencia.mockResolvedValue({
      ...walkIn,
      asignada_a: { id: 9, nombre: 'Ana Ruiz' },
    })
    show(<OperationsBoard user={BOARD_ADMIN} />)
    const row = await screen.findByRole('listitem', { name: /Presencial · A-004/ })
    await userEvent.click(within(row).getByRole('button', { name: 'Asignar a …' }))
    await userEvent.selectOptions(within(row).getByLabelText('Profesional'), '9')
    await userEvent.click(within(row).getByRole('button', { name: 'Asignar' }))
    expect(await within(row).findByText(/Asignada a Ana Ruiz/)).toBeVisible()
    expect(api.asignarAsistencia).toHaveBeenCalledWith(walkIn.id, 9)
  })

  it('closes a waiting request with a reason, and says why it could not', async () => {
    const waiting = asistencia()
    api.listAsistencias.mockResolvedValue([waiting])
    api.cerrarAsistencia.mockRejectedValueOnce(new Error('boom'))
    show(<OperationsBoard user={BOARD_ADMIN} />)
    const row = await screen.findByRole('listitem', { name: new RegExp(waiting.paciente.nombre) })
    await userEvent.click(within(row).getByRole('button', { name: 'Cerrar' }))
    await userEvent.type(within(row).getByLabelText('Motivo del cierre'), 'Fuera de horario')
    await userEvent.click(within(row).getByRole('button', { name: 'Cerrar solicitud' }))
    expect(await within(row).findByRole('alert')).toHaveTextContent('Algo ha fallado')
    api.cerrarAsistencia.mockResolvedValueOnce({
      ...waiting,
      estado: 'cancelada',
      motivo_cierre: 'Fuera de horario',
    })
    await userEvent.click(within(row).getByRole('button', { name: 'Cerrar solicitud' }))
    expect(await screen.findByText('No hay solicitudes en espera.')).toBeVisible()
    expect(api.cerrarAsistencia).toHaveBeenLastCalledWith(waiting.id, 'Fuera de horario')
  })

  it("shows the portal's administrators every hospital's figures side by side", async () => {
    api.listEstadisticasCentros.mockResolvedValue([
      {
        tenant: 'hospital-central',
        nombre: 'Hospital Central',
        estadisticas: { ...NO_FIGURES, canceladas: 2 },
      },
      { tenant: 'clinica-norte', nombre: 'Clínica Norte', estadisticas: NO_FIGURES },
    ])
    show(<OperationsBoard user={{ id: 1, rol: 'admin', tenant: 'main' }} />)
    expect(await screen.findByRole('row', { name: /Hospital Central 0 0 0 2/ })).toBeVisible()
    expect(screen.getByRole('row', { name: /Clínica Norte/ })).toBeVisible()
    expect(api.listAsistencias).not.toHaveBeenCalled()
  })
})

describe('the referrals screen', () => {
  it('reads the referrals again when a request changes, and not for presence', async () => {
    show(<ReferralsScreen tenant="hospital-central" professionalId={5} />)
    expect(await screen.findByText('No has recibido derivaciones.')).toBeVisible()
    emit({ tipo: 'presencia', cambios: [{ id: 7, disponible: true }] })
    emit({ tipo: 'asistencia', asistencia: asistencia() })
    await waitFor(() => {
      expect(listReferidos).toHaveBeenCalledTimes(2)
    })
  })
})

describe('the consultation screen', () => {
  it('asks nothing for an address no request can have', () => {
    show(<ConsultationScreen tenant="hospital-central" id="no-es-un-id" rol="cliente" />)
    expect(screen.getByText('Esta consulta no existe o no tienes acceso a ella.')).toBeVisible()
    expect(api.readAsistencia).not.toHaveBeenCalled()
  })

  it('shows nothing of a request that does not exist for this user', async () => {
    api.readAsistencia.mockRejectedValueOnce(new ApiError(404, 'not_found', 'Not found'))
    show(<ConsultationScreen tenant="hospital-central" id={ID} rol="cliente" />)
    expect(
      await screen.findByText('Esta consulta no existe o no tienes acceso a ella.'),
    ).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull()
  })

  it('opens an ongoing consultation without moving the focus', async () => {
    api.readAsistencia.mockResolvedValueOnce(
      asistencia({ estado: 'en_curso', profesional: { id: 5, nombre: 'Dra. Ruiz' } }),
    )
    show(<ConsultationScreen tenant="hospital-central" id={ID} rol="cliente" />)
    expect(await screen.findByRole('heading', { name: 'Te atiende Dra. Ruiz' })).not.toHaveFocus()
  })

  it('reads the request and its conversation again the moment it is taken', async () => {
    api.readAsistencia.mockResolvedValueOnce(asistencia())
    show(<ConsultationScreen tenant="hospital-central" id={ID} rol="cliente" />)
    expect(await screen.findByText('Tu solicitud está en espera')).toBeVisible()

    const taken = asistencia({
      estado: 'en_curso',
      profesional: { id: 5, nombre: 'Dra. Ruiz' },
      atendida_en: new Date().toISOString(),
    })
    api.readAsistencia.mockResolvedValueOnce(taken)
    emit({ tipo: 'asistencia', asistencia: taken })
    const heading = await screen.findByRole('heading', { name: 'Te atiende Dra. Ruiz' })
    expect(heading).toBeVisible()
    // The waiting room is gone: a screen reader is taken to what replaced it.
    expect(heading).toHaveFocus()
    expect(api.readAsistencia).toHaveBeenCalledTimes(2)
    expect(api.listMensajes).toHaveBeenCalledOnce()
  })
})

describe('the thanks screen', () => {
  it("asks nothing for a guest's consultation that just ended", () => {
    const ended = asistencia({ estado: 'finalizada', resumen: 'Reposo e hidratación.' })
    show(<ThanksScreen tenant="hospital-central" id={ID} ended={ended} />)
    expect(screen.getByText('Reposo e hidratación.')).toBeVisible()
    expect(api.readAsistencia).not.toHaveBeenCalled()
  })

  it('says a consultation that has not finished is not there to rate', async () => {
    api.readAsistencia.mockResolvedValueOnce(asistencia())
    show(<ThanksScreen tenant="hospital-central" id={ID} />)
    expect(screen.getByText('Cargando…')).toBeVisible()
    expect(
      await screen.findByText(
        'Esta consulta no existe, no ha finalizado o no tienes acceso a ella.',
      ),
    ).toBeVisible()
  })
})

describe('the directory', () => {
  it('applies presence live, and reads the list again when the stream cannot say what changed', async () => {
    api.listProfesionales.mockResolvedValue([
      {
        id: 7,
        nombre: 'Dra. Ruiz',
        especialidad: 'Pediatría',
        especialidades: ['Pediatría'],
        disponible: false,
        en_consulta: false,
      },
    ])
    show(<DirectoryScreen tenant="hospital-central" isSignedInHere mayRequest />)
    expect(await screen.findByText('No disponible')).toBeVisible()
    // The presence listener starts in an effect after the list is drawn.
    await waitFor(() => {
      expect(careListeners.size).toBe(1)
    })
    emit({ tipo: 'presencia', cambios: [{ id: 7, disponible: true }] })
    expect(await screen.findByText('Disponible ahora')).toBeVisible()
    expect(api.listProfesionales).toHaveBeenCalledOnce()

    emit({ tipo: 'reinicio' })
    expect(await screen.findByText('No disponible')).toBeVisible()
    expect(api.listProfesionales).toHaveBeenCalledTimes(2)
  })

  it('asks for the public list when nobody of this hospital is signed in, and does not listen', async () => {
    api.listProfesionales.mockResolvedValue([])
    show(<DirectoryScreen tenant="hospital-central" isSignedInHere={false} mayRequest />)
    expect(
      await screen.findByText('Este centro todavía no tiene profesionales en el directorio.'),
    ).toBeVisible()
    expect(api.listProfesionales).toHaveBeenCalledWith('hospital-central', expect.any(AbortSignal))
    expect(careListeners.size).toBe(0)
  })

  it('signed out, shows the list the route asked for as it loaded, without asking again', async () => {
    api.listProfesionales.mockResolvedValue([
      {
        id: 7,
        nombre: 'Dra. Ruiz',
        especialidad: 'Pediatría',
        especialidades: ['Pediatría'],
        disponible: true,
        en_consulta: false,
      },
    ])
    const client = newTestQueryClient()
    prefetchDirectory(client, {
      params: { tenant: 'hospital-central' },
      request: new Request('http://localhost/hospital-central/directorio'),
    } as never)
    show(<DirectoryScreen tenant="hospital-central" isSignedInHere={false} mayRequest />, client)
    expect(await screen.findByText('Disponible ahora')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Solicitar asistencia de Pediatría' })).toHaveAttribute(
      'href',
      '/hospital-central/solicitar-asistencia?especialidad=Pediatr%C3%ADa',
    )
    expect(api.listProfesionales).toHaveBeenCalledOnce()
  })

  it("signed in here, reads the session's list, not the public one the route may hold", async () => {
    api.listProfesionales.mockResolvedValue([])
    show(<DirectoryScreen tenant="hospital-central" isSignedInHere mayRequest />)
    await screen.findByText('Este centro todavía no tiene profesionales en el directorio.')
    expect(api.listProfesionales).toHaveBeenCalledWith(null, expect.any(AbortSignal))
  })
})
