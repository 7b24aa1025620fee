/**
 * The long lists of care that page: the professional's queue (oldest first, a full page means
 * more may follow: "Ver más") and a conversation (the newest page first, a full page means older
 * ones may exist: "Cargar anteriores"). The cursors follow the API's rules (`?despues=` the last
 * waiting request of a page, `?antes=` the oldest message shown); the hook asks for one page at a
 * time and says, in Spanish, what failed.
 */
import { useEffect, useRef, useState } from 'react'
import { COLA_PAGINA, MENSAJES_PAGINA, type Asistencia, type Mensaje } from '../../../contract/care'
import { describeCareError } from './care-errors'

/** The queue's next page starts after this request; null when this page was the last. */
export function nextQueueCursor(page: readonly Asistencia[]): string | null {
  // The waiting ones are the queue's page, in its order; the rest are the professional's own.
  const waiting = page.filter((entry) => entry.estado === 'en_espera')
  return waiting.length >= COLA_PAGINA ? (waiting.at(-1)?.id ?? null) : null
}

/** Older messages come before this one; null when this page held the whole beginning. */
export function olderMessagesCursor(page: readonly Mensaje[]): string | null {
  return page.length >= MENSAJES_PAGINA ? (page[0]?.id ?? null) : null
}

export interface PageRequest {
  isLoading: boolean
  /** What failed in the last request, in Spanish; null once one succeeds or none failed. */
  error: string | null
  /** Asks for one page; a request still running is dropped (its answer is never applied). */
  request: <T>(load: (signal: AbortSignal) => Promise<T>, onPage: (page: T) => void) => void
  /** Drops a running request and its error: the list it would extend was loaded again. */
  reset: () => void
}

export function usePageRequest(): PageRequest {
  const [isLoading, setIsLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const running = useRef<AbortController | null>(null)
  useEffect(
    () => () => {
      running.current?.abort()
    },
    [],
  )
  return {
    isLoading,
    error,
    request: (load, onPage) => {
      running.current?.abort()
      const stop = new AbortController()
      running.current = stop
      setIsLoading(true)
      setError(null)
      load(stop.signal).then(
        (page) => {
          if (stop.signal.aborted) return
          setIsLoading(false)
          onPage(page)
        },
        (failure: unknown) => {
          if (stop.signal.aborted) return
          setIsLoading(false)
          setError(describeCareError(failure))
        },
      )
    },
    reset: () => {
      running.current?.abort()
      running.current = null
      setIsLoading(false)
      setError(null)
    },
  }
}
