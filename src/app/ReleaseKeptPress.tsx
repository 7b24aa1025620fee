import { useEffect } from 'react'
import { releaseKeptPress } from './press-keeper'

/**
 * Rendered after the router, beside it: its effect runs once the router's whole tree has been
 * taken over and its effects have run, which is when a press kept by the shell's keeper can be
 * acted on.
 */
export function ReleaseKeptPress() {
  useEffect(() => {
    releaseKeptPress(document)
  }, [])
  return null
}
