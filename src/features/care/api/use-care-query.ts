/**
 * What a care screen shows, read through the page's cache: the query's answer, its Spanish error,
 * reading again ("Reintentar", or a live event through `useLiveLoad`), and what the screen sets
 * itself (an action's answer, an event) written into the cache, where every screen showing the
 * same record sees it. Apart from the live stream, so that a screen read once (the thanks screen)
 * does not load the stream's code.
 */
import {
  hashKey,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query'
import { useEffect, useEffectEvent, type Dispatch, type SetStateAction } from 'react'
import { describeCareError, isNotFound } from './care-errors'

export interface CareLoadOptions<T> {
  /**
   * Each answer the server gives while the screen is shown (not what the screen or an event sets);
   * `signal` ends with the next answer or the screen, for the calls that follow from it.
   */
  onLoad?: (answer: T, signal: AbortSignal) => void
  /** Nothing to ask the server: what is shown is known already, or cannot exist. */
  skip?: boolean
}

export interface CareLoad<T> {
  /** The cached answer (or what was set since); null until the first one. */
  data: T | null
  /** Writes into the cache what the screen knows now. */
  setData: Dispatch<SetStateAction<T | null>>
  /** The Spanish words for the last read's failure; null once a read succeeds. */
  error: string | null
  /** The last read's failure was a 404: the record does not exist for this user. */
  isNotFound: boolean
  /** Reads again, dropping the read under way; an error stays shown until the new answer. */
  reload: () => void
}

/** The care query `options` as a screen uses it. */
export function useCareQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K> & { queryKey: K },
  { onLoad, skip = false }: CareLoadOptions<T> = {},
): CareLoad<T> {
  const client = useQueryClient()
  const query = useQuery({ ...options, enabled: !skip })
  const { queryKey } = options
  const queryHash = hashKey(queryKey)

  const heard = useEffectEvent((answer: T, signal: AbortSignal) => {
    onLoad?.(answer, signal)
  })
  // Care answers are stale at once, so a screen that opens reads its query and hears the answer.
  useEffect(() => {
    let round = new AbortController()
    const stop = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== queryHash) return
      const { action } = event
      // The server's answers only: what `setQueryData` writes says it is `manual`.
      if (action.type !== 'success' || action.manual === true) return
      round.abort()
      round = new AbortController()
      heard(action.data as T, round.signal)
    })
    return () => {
      stop()
      round.abort()
    }
  }, [client, queryHash])

  const failure = query.isError ? query.error : null
  return {
    data: query.data ?? null,
    setData: (next) => {
      client.setQueryData<T>(queryKey, (shown) => {
        const value =
          typeof next === 'function' ? (next as (s: T | null) => T | null)(shown ?? null) : next
        return value ?? undefined
      })
    },
    error: failure === null ? null : describeCareError(failure),
    isNotFound: failure !== null && isNotFound(failure),
    reload: () => {
      void query.refetch()
    },
  }
}
