import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AUDIT_PAGE_SIZE, type AuditEntry } from '../../contract/audit'
import { ApiError, NetworkError } from '../../lib/api-errors'
import { listAudit } from './admin-api'
import { AuditoriaPanel } from './AuditoriaPanel'
import { newTestQueryClient, WithQueryClient } from '../care/testing/with-query-client'

vi.mock('./admin-api', () => ({ listAudit: vi.fn() }))

function entry(id: number): AuditEntry {
  return {
    id,
    fecha: '2026-11-24T10:00:00.000Z',
    autor: 'admin@hospital-central.es',
    accion: 'cuenta.creada',
    objeto: `cuenta-${String(id)}`,
  } as AuditEntry
}

// The log as the API keeps it, newest first, answered a page at a time as the API does.
let log: AuditEntry[] = []
function answerPages(_tenant: string, beforeId?: number) {
  const older = beforeId === undefined ? log : log.filter((item) => item.id < beforeId)
  return Promise.resolve(older.slice(0, AUDIT_PAGE_SIZE))
}

beforeEach(() => {
  vi.resetAllMocks()
  log = Array.from({ length: AUDIT_PAGE_SIZE + 10 }, (_, index) => entry(1000 - index))
  vi.mocked(listAudit).mockImplementation(answerPages)
})

/** The panel with a page cache of its own, as the app gives it by context. */
function renderPanel() {
  const client = newTestQueryClient()
  render(
    <WithQueryClient client={client}>
      <AuditoriaPanel tenant="hospital-central" hospitalName="Hospital Central" />
    </WithQueryClient>,
  )
  return { client, user: userEvent.setup() }
}

const rows = () => screen.getAllByRole('rowheader')

describe('AuditoriaPanel', () => {
  it("reads the log's newest page through the page's cache", async () => {
    renderPanel()

    expect(await screen.findByText('cuenta-1000')).toBeInTheDocument()
    expect(rows()).toHaveLength(AUDIT_PAGE_SIZE)
    expect(listAudit).toHaveBeenCalledExactlyOnceWith('hospital-central')
    expect(screen.getByText(`Mostrando ${String(AUDIT_PAGE_SIZE)} cambios.`)).toBeInTheDocument()
  })

  it('keeps the pages shown on "Ver más", and a reload after a new change repeats no row', async () => {
    const { client, user } = renderPanel()
    await screen.findByText('cuenta-1000')

    await user.click(screen.getByRole('button', { name: 'Ver más' }))

    expect(await screen.findByText('cuenta-941')).toBeInTheDocument()
    expect(rows()).toHaveLength(AUDIT_PAGE_SIZE + 10)
    expect(screen.getByText(`Mostrando ${String(AUDIT_PAGE_SIZE + 10)} cambios (todos).`))
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull()

    // Someone changes something elsewhere; every administration query shown is read again.
    log = [entry(1001), ...log]
    await client.invalidateQueries()

    expect(await screen.findByText('cuenta-1001')).toBeInTheDocument()
    const objects = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.lastChild?.textContent)
    expect(objects).toHaveLength(AUDIT_PAGE_SIZE + 11)
    expect(new Set(objects).size).toBe(objects.length)
    expect(objects.at(-1)).toBe('cuenta-941')
  })

  it('keeps the pages shown when "Ver más" fails, says why and can try again', async () => {
    const { user } = renderPanel()
    await screen.findByText('cuenta-1000')
    vi.mocked(listAudit).mockRejectedValueOnce(new NetworkError())

    await user.click(screen.getByRole('button', { name: 'Ver más' }))

    expect(
      await screen.findByText(
        'No hay conexión con el servidor. Comprueba la red e inténtalo de nuevo.',
      ),
    ).toBeInTheDocument()
    expect(rows()).toHaveLength(AUDIT_PAGE_SIZE)

    await user.click(screen.getByRole('button', { name: 'Ver más' }))

    expect(await screen.findByText('cuenta-941')).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.queryByRole('alert')).toBeNull()
    })
  })

  it('offers to try again when the log cannot be read', async () => {
    vi.mocked(listAudit).mockRejectedValueOnce(new ApiError(500, null, ''))
    const { user } = renderPanel()

    await user.click(await screen.findByRole('button', { name: 'Reintentar' }))

    expect(await screen.findByText('cuenta-1000')).toBeInTheDocument()
  })
})
