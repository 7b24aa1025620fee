import { useCallback, useEffect, useState } from 'react'

export type AsyncData<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T }

/**
 * Loads data for a panel and reloads it on demand; an answer that arrives after the inputs
 * changed (or the panel left) is dropped.
 */
export function useAsyncData<T>(load: () => Promise<T>): [AsyncData<T>, () => void] {
  const [state, setState] = useState<AsyncData<T>>({ status: 'loading' })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let isCurrent = true
    load().then(
      (data) => {
        if (isCurrent) setState({ status: 'ready', data })
      },
      (error: unknown) => {
        if (isCurrent) setState({ status: 'error', error })
      },
    )
    return () => {
      isCurrent = false
    }
  }, [load, round])
  const reload = useCallback(() => {
    setRound((value) => value + 1)
  }, [])
  return [state, reload]
}
