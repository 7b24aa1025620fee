import { useEffect, useEffectEvent } from 'react'

/**
 * Rendered after the router, beside it: `onRendered` runs once the first screen has been taken
 * over (hydrated or painted) and its effects have run. What changes the screen from there on is an
 * update, never a difference from the HTML being taken over.
 */
export function AfterFirstRender({ onRendered }: { onRendered: () => void }) {
  const run = useEffectEvent(onRendered)
  useEffect(() => {
    run()
  }, [])
  return null
}
