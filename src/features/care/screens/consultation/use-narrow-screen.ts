/**
 * Whether the screen is a phone's (at most 600 px wide): there the conversation comes first and
 * the request's details fold. Without media queries (a test's document) the screen counts as wide.
 */
import { useSyncExternalStore } from 'react'

const NARROW_SCREEN = '(max-width: 600px)'

function subscribe(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined
  const query = window.matchMedia(NARROW_SCREEN)
  query.addEventListener('change', listener)
  return () => {
    query.removeEventListener('change', listener)
  }
}

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches
}

export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false)
}
