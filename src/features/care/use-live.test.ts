import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { careListeners, emitCareEvent as emit } from './testing/fake-live'
import { anAsistencia } from './testing/asistencia'
import { scriptedLoad } from './testing/scripted-load'
import { useLiveLoad, type LiveLoadOptions } from './use-live'

// The stream itself is `live.ts`'s; here the test plays the server's events.
vi.mock('./live', () => import('./testing/fake-live'))

const asistencia = anAsistencia()
const presencia = { id: 7, disponible: true }

function renderLoad<T>(load: (signal: AbortSignal) => Promise<T>, options?: LiveLoadOptions<T>) {
  return renderHook(() => useLiveLoad(load, options))
}

describe('useLiveLoad', () => {
  it('loads again on "reinicio" and on the events the screen names, and not on others', async () => {
    const { load, answer } = scriptedLoad<number>()
    const { result } = renderLoad(load, { reloadOn: (event) => event.tipo === 'asistencia' })
    await answer(0, 1)
    expect(load).toHaveBeenCalledTimes(1)

    emit({ tipo: 'presencia', cambios: [presencia] })
    expect(load).toHaveBeenCalledTimes(1)

    emit({ tipo: 'asistencia', asistencia })
    expect(load).toHaveBeenCalledTimes(2)
    await answer(1, 2)
    expect(result.current.data).toBe(2)

    emit({ tipo: 'reinicio' })
    expect(load).toHaveBeenCalledTimes(3)
    await answer(2, 3)
    expect(result.current.data).toBe(3)
  })

  it('drops the answer of the round an event replaced', async () => {
    const { load, answer, isAborted } = scriptedLoad<string>()
    const { result } = renderLoad(load)
    emit({ tipo: 'reinicio' })
    expect(isAborted(0)).toBe(true)
    await answer(1, 'nuevo')
    await answer(0, 'viejo')
    expect(result.current.data).toBe('nuevo')
  })

  it('hands every event to the screen, without loading again for it', () => {
    const { load } = scriptedLoad<number>()
    const onEvent = vi.fn()
    renderLoad(load, { onEvent })
    emit({ tipo: 'presencia', cambios: [presencia] })
    expect(onEvent).toHaveBeenCalledWith({ tipo: 'presencia', cambios: [presencia] })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('listens as the queue only when asked, and stops listening when the screen leaves', () => {
    const { load } = scriptedLoad<number>()
    const queue = renderLoad(load, { cola: true })
    expect([...careListeners].map((listener) => listener.cola)).toEqual([true])
    queue.unmount()
    renderLoad(load)
    expect([...careListeners].map((listener) => listener.cola)).toEqual([false])
  })
})
