/** A stand-in for a screen's API call in unit tests of the care loading hooks. */
import { act } from '@testing-library/react'
import { vi } from 'vitest'

/** A load whose answers the test gives, one round at a time. */
export function scriptedLoad<T>() {
  const rounds: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = []
  const load = vi.fn<(signal: AbortSignal) => Promise<T>>(
    () =>
      new Promise<T>((resolve, reject) => {
        rounds.push({ resolve, reject })
      }),
  )
  const settle = async (settleRound: () => void) => {
    await act(async () => {
      settleRound()
      await Promise.resolve()
    })
  }
  return {
    load,
    /** Whether round `index` was called off (a newer round, or the screen left). */
    isAborted: (index: number) => load.mock.calls[index]?.[0].aborted,
    answer: (index: number, value: T) => settle(() => rounds[index]?.resolve(value)),
    fail: (index: number, error: unknown) => settle(() => rounds[index]?.reject(error)),
  }
}
