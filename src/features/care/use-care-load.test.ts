import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from '../../lib/api-errors'
import { scriptedLoad } from './testing/scripted-load'
import { useCareLoad, type CareLoadOptions } from './use-care-load'

function renderLoad<T>(load: (signal: AbortSignal) => Promise<T>, options?: CareLoadOptions<T>) {
  return renderHook(() => useCareLoad(load, options))
}

describe('useCareLoad', () => {
  it('shows the first answer', async () => {
    const { load, answer } = scriptedLoad<string[]>()
    const { result } = renderLoad(load)
    expect(result.current.data).toBeNull()
    expect(result.current.error).toBeNull()
    await answer(0, ['uno'])
    expect(result.current.data).toEqual(['uno'])
  })

  it('drops the answer of a round a newer one replaced, even when it arrives last', async () => {
    const { load, answer, isAborted } = scriptedLoad<string>()
    const { result } = renderLoad(load)
    act(() => {
      result.current.reload()
    })
    expect(isAborted(0)).toBe(true)
    await answer(1, 'nuevo')
    await answer(0, 'viejo')
    expect(result.current.data).toBe('nuevo')
  })

  it('drops a failure of a replaced round: it does not hide the newer answer', async () => {
    const { load, answer, fail } = scriptedLoad<string>()
    const { result } = renderLoad(load)
    act(() => {
      result.current.reload()
    })
    await answer(1, 'nuevo')
    await fail(0, new NetworkError('offline'))
    expect(result.current.error).toBeNull()
    expect(result.current.data).toBe('nuevo')
  })

  it('drops what arrives after the screen left', async () => {
    const { load, answer, fail, isAborted } = scriptedLoad<string>()
    const onLoad = vi.fn()
    renderLoad(load, { onLoad }).unmount()
    await answer(0, 'tarde')
    renderLoad(load, { onLoad }).unmount()
    await fail(1, new NetworkError('offline'))
    expect(onLoad).not.toHaveBeenCalled()
    expect([isAborted(0), isAborted(1)]).toEqual([true, true])
  })

  it('says what failed in Spanish, and "Reintentar" loads again and clears it', async () => {
    const { load, answer, fail } = scriptedLoad<string>()
    const { result } = renderLoad(load)
    await fail(0, new NetworkError('offline'))
    expect(result.current.error).toBe(
      'No hay conexión con el servidor. Inténtalo de nuevo cuando vuelva la conexión.',
    )
    expect(result.current.isNotFound).toBe(false)

    act(() => {
      result.current.reload()
    })
    expect(load).toHaveBeenCalledTimes(2)
    // The message stays until the new answer says otherwise.
    expect(result.current.error).not.toBeNull()
    await answer(1, 'cargado')
    expect(result.current.data).toBe('cargado')
    expect(result.current.error).toBeNull()
  })

  it('keeps what was shown when a later round fails', async () => {
    const { load, answer, fail } = scriptedLoad<string>()
    const { result } = renderLoad(load)
    await answer(0, 'lista')
    act(() => {
      result.current.reload()
    })
    await fail(1, new ApiError(500, null, 'Server error'))
    expect(result.current.data).toBe('lista')
    expect(result.current.error).toBe('Algo ha fallado. Inténtalo de nuevo.')
  })

  it('tells a record that does not exist for this user from other failures', async () => {
    const { load, fail } = scriptedLoad<string>()
    const { result } = renderLoad(load)
    await fail(0, new ApiError(404, 'not_found', 'Not found'))
    expect(result.current.isNotFound).toBe(true)
    expect(result.current.error).toBe('Esta consulta no existe o no tienes acceso a ella.')
  })

  it('hands each answer it takes to the screen, with that round', async () => {
    const { load, answer } = scriptedLoad<string>()
    const onLoad = vi.fn()
    renderLoad(load, { onLoad })
    await answer(0, 'uno')
    expect(onLoad).toHaveBeenCalledExactlyOnceWith('uno', load.mock.calls[0]?.[0])
  })

  it('asks nothing when there is nothing to ask', () => {
    const { load } = scriptedLoad<string>()
    const { result } = renderLoad(load, { skip: true })
    act(() => {
      result.current.reload()
    })
    expect(load).not.toHaveBeenCalled()
    expect(result.current.data).toBeNull()
  })
})
