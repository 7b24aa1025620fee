import { useEffect, useRef } from 'react'
import { decideIdleUpdate } from './idle-update'

// What counts as someone using the screen.
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const

interface ApplyWhenIdleOptions {
  /** Off outside kiosk mode: then nothing is watched and nothing applied. */
  isEnabled: boolean
  isUpdateWaiting: boolean
  hasUnsavedInput: boolean
  /** Applies the update (the page reloads). Called at most once per waiting update. */
  apply: () => void
}

/**
 * On a kiosk, applies a waiting update once nobody has used the screen for a minute and no form
 * holds input. Input is watched from the moment the kiosk shows the app, so an update arriving
 * on a screen left alone for an hour is applied at once.
 */
export function useApplyWhenIdle({
  isEnabled,
  isUpdateWaiting,
  hasUnsavedInput,
  apply,
}: ApplyWhenIdleOptions): void {
  const lastInputAt = useRef(0)
  const applyRef = useRef(apply)
  useEffect(() => {
    applyRef.current = apply
  }, [apply])

  useEffect(() => {
    if (!isEnabled) return
    lastInputAt.current = Date.now()
    const onInput = () => {
      lastInputAt.current = Date.now()
    }
    for (const type of INPUT_EVENTS) {
      window.addEventListener(type, onInput, { capture: true, passive: true })
    }
    return () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true })
    }
  }, [isEnabled])

  useEffect(() => {
    if (!isEnabled) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let hasApplied = false
    function check() {
      const decision = decideIdleUpdate({
        isUpdateWaiting,
        hasUnsavedInput,
        lastInputAt: lastInputAt.current,
        now: Date.now(),
      })
      if (decision.action === 'apply' && !hasApplied) {
        hasApplied = true
        applyRef.current()
      } else if (decision.action === 'wait') {
        timer = setTimeout(check, decision.inMs)
      }
    }
    check()
    return () => {
      clearTimeout(timer)
    }
  }, [isEnabled, isUpdateWaiting, hasUnsavedInput])
}
