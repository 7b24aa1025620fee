/**
 * The long lists of care page instead of cutting off: the professional's queue shows its first
 * page and brings the next ones with "Ver más solicitudes" until the newest request is shown; a
 * conversation shows its newest page and brings older ones with "Cargar anteriores".
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { COLA_PAGINA, MENSAJES_PAGINA, type Asistencia, type Mensaje } from '../../../contract/care'
import { ApiError } from '../../../lib/api-errors'
import * as careApi from '../api/care-api'
import { ConsultationScreen } from './ConsultationScreen'
import { ProfessionalScreen } from './ProfessionalScreen'
import { anAsistencia } from '../testing/asistencia'
import { emitCareEvent } from '../testing/fake-live'
import { WithQueryClient } from '../testing/with-query-client'

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

const api = vi.mocked(careApi)
const START = Date.parse('2026-11-23T10:00:00.000Z')

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** The n-th request of the queue (oldest first), from patient n. */
function waiting(n: number): Asistencia {
  return anAsistencia({
    id: uuid(n),
    motivo: `Solicitud ${String(n)}`,
    paciente: { id: 1000 + n, nombre: `Paciente ${String(n)}` },
    creada_en: new Date(START + n * 1000).toISOString(),
  })
}

function message(n: number, asistenciaId: string): Mensaje {
  return {
    id: uuid(n),
    asistencia_id: asistenciaId,
    autor: { id: 1, nombre: 'Lucía Martín', rol: 'cliente' },
    texto: `Mensaje ${String(n)}`,
    foto: null,
    creado_en: new Date(START + n * 1000).toISOString(),
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)

// Hundreds of rows: counted through the DOM, as role queries over them take seconds in jsdom.
function queueRows() {
  return document.querySelectorAll('[aria-labelledby="cola-titulo"] li')
}

beforeEach(() => {
  vi.resetAllMocks()
})

// Pages of their real size (hundreds of rows) take jsdom a while to draw on a busy machine.
vi.setConfig({ testTimeout: 60_000 })

describe("the professional's queue", () => {
  // Two full pages and a short one: the newest request is on the third.
  const total = 2 * COLA_PAGINA + 3
  const queue = range(0, total).map(waiting)

  function showQueue() {
    render(
      <WithQueryClient>
        <MemoryRouter>
          <ProfessionalScreen
            tenant="hospital-central"
            professionalId={5}
            onQueueCount={() => undefined}
          />
        </MemoryRouter>
      </WithQueryClient>,
    )
  }

  it('brings the next page with "Ver más solicitudes" until the newest request is shown', async () => {
    const mine = anAsistencia({
      id: uuid(99_999),
      estado: 'en_curso',
      profesional: { id: 5, nombre: 'Dra. Ruiz' },
      motivo: 'Mi consulta',
    })
    api.listAsistencias.mockImplementation((_signal, despues) => {
      if (despues === undefined) return Promise.resolve([...queue.slice(0, COLA_PAGINA), mine])
      const from = queue.findIndex((entry) => entry.id === despues) + 1
      return Promise.resolve(queue.slice(from, from + COLA_PAGINA))
    })
    showQueue()

    expect(
      await screen.findByRole('heading', { name: `Cola de espera (${String(COLA_PAGINA)} o más)` }),
    ).toBeVisible()
    expect(queueRows()).toHaveLength(COLA_PAGINA)
    expect(screen.queryByText(`Solicitud ${String(total - 1)}`)).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Ver más solicitudes' }))
    expect(await screen.findByText(`Solicitud ${String(2 * COLA_PAGINA - 1)}`)).toBeVisible()
    expect(api.listAsistencias).toHaveBeenLastCalledWith(
      expect.any(AbortSignal),
      uuid(COLA_PAGINA - 1),
    )

    await userEvent.click(screen.getByRole('button', { name: 'Ver más solicitudes' }))
    expect(await screen.findByText(`Solicitud ${String(total - 1)}`)).toBeVisible()
    expect(screen.getByText(`Cola de espera (${String(total)})`).tagName).toBe('H2')
    expect(queueRows()).toHaveLength(total)
    // The last page was short: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Ver más solicitudes' })).toBeNull()
    expect(api.listAsistencias).toHaveBeenCalledTimes(3)
    // The professional's own consultation is still there.
    expect(screen.getByText('Consulta con Lucía Martín').closest('a')).not.toBeNull()
  })

  it('says why a page did not come, keeps what is shown, and tries again on the next press', async () => {
    api.listAsistencias.mockResolvedValueOnce(queue.slice(0, COLA_PAGINA))
    api.listAsistencias.mockRejectedValueOnce(new ApiError(500, null, 'Server error'))
    showQueue()
    const more = await screen.findByRole('button', { name: 'Ver más solicitudes' })
    await userEvent.click(more)
    expect(await screen.findByRole('alert')).toHaveTextContent(/./)
    expect(queueRows()).toHaveLength(COLA_PAGINA)

    api.listAsistencias.mockResolvedValueOnce(queue.slice(COLA_PAGINA, COLA_PAGINA + 5))
    await userEvent.click(more)
    expect(await screen.findByText(`Solicitud ${String(COLA_PAGINA + 4)}`)).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(queueRows()).toHaveLength(COLA_PAGINA + 5)
  })

  it('starts from the first page again when the stream says what is shown is stale', async () => {
    api.listAsistencias.mockResolvedValueOnce(queue.slice(0, COLA_PAGINA))
    showQueue()
    await screen.findByRole('button', { name: 'Ver más solicitudes' })
    api.listAsistencias.mockResolvedValueOnce(queue.slice(0, 3))
    emitCareEvent({ tipo: 'reinicio' })
    expect(await screen.findByRole('heading', { name: 'Cola de espera (3)' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Ver más solicitudes' })).toBeNull()
  })
})

describe('a long conversation', () => {
  const id = uuid(424_242)
  const total = MENSAJES_PAGINA + 7
  const messages = range(0, total).map((n) => message(n, id))

  it('shows the newest page first and brings the older ones with "Cargar anteriores"', async () => {
    api.readAsistencia.mockResolvedValue(
      anAsistencia({
        id,
        estado: 'en_curso',
        profesional: { id: 5, nombre: 'Dra. Ruiz' },
        atendida_en: new Date(START).toISOString(),
      }),
    )
    api.listMensajes.mockImplementation((_id, _signal, antes) => {
      if (antes === undefined) return Promise.resolve(messages.slice(-MENSAJES_PAGINA))
      const before = messages.findIndex((entry) => entry.id === antes)
      return Promise.resolve(messages.slice(Math.max(0, before - MENSAJES_PAGINA), before))
    })
    render(
      <WithQueryClient>
        <MemoryRouter>
          <ConsultationScreen tenant="hospital-central" id={id} rol="profesional" userId={5} />
        </MemoryRouter>
      </WithQueryClient>,
    )

    const conversation = await screen.findByRole('region', { name: 'Conversación' })
    expect(await within(conversation).findByText(`Mensaje ${String(total - 1)}`)).toBeVisible()
    expect(within(conversation).queryByText('Mensaje 0')).toBeNull()

    await userEvent.click(within(conversation).getByRole('button', { name: 'Cargar anteriores' }))
    expect(await within(conversation).findByText('Mensaje 0')).toBeVisible()
    expect(api.listMensajes).toHaveBeenLastCalledWith(id, expect.any(AbortSignal), uuid(7))
    const shown = [...conversation.querySelectorAll('li')].map(
      (item) => /Mensaje (\d+)/.exec(item.textContent)?.[1],
    )
    expect(shown).toEqual(range(0, total).map(String))
    // The beginning is shown: nothing older to ask for.
    expect(within(conversation).queryByRole('button', { name: 'Cargar anteriores' })).toBeNull()
  })
})
