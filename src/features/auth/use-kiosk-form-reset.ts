import { useEffect, useState } from 'react'
import { KIOSK_FORM_IDLE_MS } from './kiosk-mode'

// Someone at the screen: each of these puts the clearing off.
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const
// What means something was typed or chosen (controlled fields included, which the DOM's
// defaults cannot tell apart from untouched ones).
const INPUT_EVENTS = ['input', 'change'] as const

/**
 * A number that grows each time a form typed into was then left untouched for
 * `KIOSK_FORM_IDLE_MS`: used as the screen's `key`, it mounts the screen afresh, so every field
 * (React's state and the DOM's) is empty for the next person. Watches nothing while disabled.
 */
export function useKioskFormReset(isEnabled: boolean): number {
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    if (!isEnabled) return
    let hasInput = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const clearWhenIdle = () => {
      clearTimeout(timer)
      if (!hasInput) return
      timer = setTimeout(() => {
        hasInput = false
        setGeneration((current) => current + 1)
      }, KIOSK_FORM_IDLE_MS)
    }
    const onInput = () => {
      hasInput = true
      clearWhenIdle()
    }
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, clearWhenIdle, true)
    for (const type of INPUT_EVENTS) document.addEventListener(type, onInput, true)
    return () => {
      clearTimeout(timer)
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, clearWhenIdle, true)
      for (const type of INPUT_EVENTS) document.removeEventListener(type, onInput, true)
    }
  }, [isEnabled])

  return generation
}
