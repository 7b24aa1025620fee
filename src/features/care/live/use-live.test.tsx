/**
 * What a live care screen shows stays current through the page's cache: after a live event, after
 * the person comes back to the window, after the connection returns. The stream itself is
 * `live.ts`'s; here the test plays the server's events, which reach the cache first.
 */
import { focusManager, onlineManager, type QueryClient } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { careListeners, emitCareEvent as emit } from '../testing/fake-live'
import { anAsistencia } from '../testing/asistencia'
import { newTestQueryClient, WithQueryClient } from '../testing/with-query-client'
import { CARE_QUERY_ROOT } from '../api/care-queries'
import { useLiveLoad, type LiveLoadOptions } from './use-live'

vi.mock('./live', () => import('../testing/fake-live'))

const asistencia = anAsistencia()
const presencia = { id: 7, disponible: true }

/** A care read answering 1, 2, 3… in turn. */
function countingQuery(name = 'lista') {
  let answers = 0
  const queryFn = vi.fn(() => Promise.resolve((answers += 1)))
  return { queryKey: [CARE_QUERY_ROOT, name] as const, queryFn }
}

function renderLoad(
  query: ReturnType<typeof countingQuery>,
  options?: LiveLoadOptions<number>,
  client: QueryClient = newTestQueryClient(),
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <WithQueryClient client={client}>{children}</WithQueryClient>
  )
  return renderHook(() => useLiveLoad(query, options), { wrapper })
}

afterEach(() => {
  focusManager.setFocused(undefined)
  onlineManager.setOnline(true)
})

describe('a live care screen', () => {
  it('shows the answer, and reads again after the events it names and after "reinicio" only', async () => {
    const query = countingQuery()
    const { result } = renderLoad(query, { reloadOn: (event) => event.tipo === 'asistencia' })
    await waitFor(() => {
      expect(result.current.data).toBe(1)
    })

    emit({ tipo: 'presencia', cambios: [presencia] })
    emit({ tipo: 'asistencia', asistencia })
    await waitFor(() => {
      expect(result.current.data).toBe(2)
    })

    emit({ tipo: 'reinicio' })
    await waitFor(() => {
      expect(result.current.data).toBe(3)
    })
    expect(query.queryFn).toHaveBeenCalledTimes(3)
  })

  it('hands every event to the screen, which writes what it knows into the cache', async () => {
    const query = countingQuery()
    const client = newTestQueryClient()
    const onEvent = vi.fn()
    const { result } = renderLoad(query, { onEvent }, client)
    await waitFor(() => {
      expect(result.current.data).toBe(1)
    })
    emit({ tipo: 'presencia', cambios: [presencia] })
    expect(onEvent).toHaveBeenCalledWith({ tipo: 'presencia', cambios: [presencia] })

    act(() => {
      result.current.setData(41)
    })
    await waitFor(() => {
      expect(result.current.data).toBe(41)
    })
    // Every screen showing the same query sees it; nothing was read for it.
    expect(client.getQueryData(query.queryKey)).toBe(41)
    expect(query.queryFn).toHaveBeenCalledOnce()
  })

  it('reads what it shows again when the person comes back to the window', async () => {
    const query = countingQuery()
    const { result } = renderLoad(query)
    await waitFor(() => {
      expect(result.current.data).toBe(1)
    })
    act(() => {
      focusManager.setFocused(false)
    })
    act(() => {
      focusManager.setFocused(true)
    })
    await waitFor(() => {
      expect(result.current.data).toBe(2)
    })
  })

  it('reads what it shows again when the connection comes back', async () => {
    const query = countingQuery()
    const { result } = renderLoad(query)
    await waitFor(() => {
      expect(result.current.data).toBe(1)
    })
    act(() => {
      onlineManager.setOnline(false)
    })
    act(() => {
      onlineManager.setOnline(true)
    })
    await waitFor(() => {
      expect(result.current.data).toBe(2)
    })
  })

  it('listens as the queue only when asked, and stops listening when the screen leaves', () => {
    const queue = renderLoad(countingQuery(), { cola: true })
    expect([...careListeners].map((listener) => listener.cola)).toEqual([true])
    queue.unmount()
    renderLoad(countingQuery())
    expect([...careListeners].map((listener) => listener.cola)).toEqual([false])
  })
})
