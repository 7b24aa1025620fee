/**
 * What a care screen shows, loaded from the API: the one place that owns the load, its Spanish
 * error, loading again ("Reintentar", or a live event through `useLiveLoad`), and dropping
 * answers nobody waits for any more. Apart from the live stream, so that a screen read once (the
 * thanks screen) does not load the stream's code.
 */
import { useEffect, useEffectEvent, useState, type Dispatch, type SetStateAction } from 'react'
import { describeCareError, isNotFound } from './care-errors'

export interface CareLoadOptions<T> {
  /**
   * Each answer the screen takes, after it is kept in `data`; `signal` ends with its round, for
   * the calls that follow from it.
   */
  onLoad?: (answer: T, signal: AbortSignal) => void
  /** Nothing to ask the server: what is shown is known already, or cannot exist. */
  skip?: boolean
}

export interface CareLoad<T> {
  /** The last answer (or what the screen set since); null until the first one. */
  data: T | null
  setData: Dispatch<SetStateAction<T | null>>
  /** The Spanish words for the last round's failure; null once a round succeeds. */
  error: string | null
  /** The last round's failure was a 404: the record does not exist for this user. */
  isNotFound: boolean
  /** Loads again; an error stays shown until the new answer arrives. */
  reload: () => void
}

/**
 * Loads with `load` on mount and again on `reload`. A round that a newer one replaced, or that
 * ends after the screen left, is dropped whatever it answers. A screen showing another record is
 * another component (keyed by its id), so `load` is read as each round starts and need not be
 * stable.
 */
export function useCareLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  { onLoad, skip = false }: CareLoadOptions<T> = {},
): CareLoad<T> {
  const [data, setData] = useState<T | null>(null)
  const [failure, setFailure] = useState<{ message: string; isNotFound: boolean } | null>(null)
  const [round, setRound] = useState(0)

  const startRound = useEffectEvent((signal: AbortSignal) => {
    load(signal).then(
      (answer) => {
        if (signal.aborted) return
        setData(answer)
        setFailure(null)
        onLoad?.(answer, signal)
      },
      (error: unknown) => {
        if (signal.aborted) return
        setFailure({ message: describeCareError(error), isNotFound: isNotFound(error) })
      },
    )
  })

  useEffect(() => {
    if (skip) return
    const stop = new AbortController()
    startRound(stop.signal)
    return () => {
      stop.abort()
    }
  }, [round, skip])

  return {
    data,
    setData,
    error: failure?.message ?? null,
    isNotFound: failure?.isNotFound ?? false,
    reload: () => {
      setRound((value) => value + 1)
    },
  }
}
