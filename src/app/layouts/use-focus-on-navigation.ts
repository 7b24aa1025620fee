import { useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'

/**
 * After a client-side navigation (a link, sign-in, sign-out, Back and Forward), moves focus to
 * the new screen's heading (or, without one, to the container), so keyboard and screen-reader
 * users start there as they would after a page load. The first screen of a page load keeps the
 * browser's own starting point, the top of the document, so the skip link is the first Tab stop.
 * Returns the ref to put on the element that holds the screens (`<main>`).
 */
export function useFocusOnNavigation<T extends HTMLElement>() {
  const { key } = useLocation()
  const container = useRef<T>(null)
  const shownKey = useRef(key)

  // A layout effect: focus moves in the commit that shows the new screen, before it is painted.
  useLayoutEffect(() => {
    if (key === shownKey.current) return
    shownKey.current = key
    const heading = container.current?.querySelector<HTMLElement>('h1[tabindex]')
    ;(heading ?? container.current)?.focus()
  }, [key])

  return container
}
