import { useEffect, useId, useRef, useState } from 'react'
import { idlePhaseAt, lastActivityAt, recordActivity, type IdlePhase } from './shared-device'

// What counts as someone using the device, in any tab.
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const
// Recording every key press would flood the other tabs with storage events.
const RECORD_AT_MOST_EVERY_MS = 5_000
// The countdown shows whole seconds.
const COUNTDOWN_TICK_MS = 1_000

interface InactivitySignOutProps {
  /**
   * What idle time leads to: the session ends (the full wipe, then the hospital's sign-in), or,
   * for a professional on duty, the screen locks. Called once.
   */
  onExpired: () => void
  /** What the warning announces. */
  outcome: 'sign-out' | 'lock'
}

/**
 * Ends an idle session on a shared device, or locks its screen: after four quiet minutes a
 * warning with a visible countdown and "Seguir conectado"; a minute later, `onExpired`. Render it
 * only while someone is signed in on a device in shared mode (and its screen is not locked).
 */
export function InactivitySignOut({ onExpired, outcome }: InactivitySignOutProps) {
  const titleId = useId()
  const descriptionId = useId()
  const stayButton = useRef<HTMLButtonElement>(null)
  const expired = useRef(onExpired)
  const [state, setState] = useState<IdlePhase>({ phase: 'active', warningInMs: 0 })

  useEffect(() => {
    expired.current = onExpired
  }, [onExpired])

  useEffect(() => {
    let lastRecorded = lastActivityAt() ?? 0
    if (Date.now() - lastRecorded >= RECORD_AT_MOST_EVERY_MS) {
      lastRecorded = Date.now()
      recordActivity(lastRecorded)
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    let hasExpired = false

    function check() {
      clearTimeout(timer)
      const next = idlePhaseAt(lastActivityAt() ?? Date.now(), Date.now())
      setState(next)
      if (next.phase === 'expired') {
        if (!hasExpired) {
          hasExpired = true
          expired.current()
        }
        return
      }
      // Wake up when the phase can change, or every second while the countdown shows.
      const wait =
        next.phase === 'active' ? next.warningInMs : Math.min(COUNTDOWN_TICK_MS, next.signOutInMs)
      timer = setTimeout(check, Math.max(wait, 50))
    }

    function onActivity() {
      const now = Date.now()
      if (now - lastRecorded < RECORD_AT_MOST_EVERY_MS) return
      lastRecorded = now
      recordActivity(now)
      check()
    }

    const onStorage = (event: StorageEvent) => {
      if (event.key === 'ultima-actividad') check()
    }
    // A tab coming back from the background checks at once: its timers may have been held back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') check()
    }
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true })
    window.addEventListener('storage', onStorage)
    document.addEventListener('visibilitychange', onVisible)
    check()
    return () => {
      clearTimeout(timer)
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity)
      window.removeEventListener('storage', onStorage)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])

  const isWarning = state.phase === 'warning'
  useEffect(() => {
    if (isWarning) stayButton.current?.focus()
  }, [isWarning])

  if (state.phase !== 'warning') return null
  const seconds = Math.ceil(state.signOutInMs / 1000)
  return (
    <div className="inactivity-backdrop">
      <div
        className="inactivity-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <h2 id={titleId}>¿Sigues ahí?</h2>
        <p id={descriptionId}>
          Este dispositivo es compartido. Por seguridad,{' '}
          {outcome === 'lock' ? 'la pantalla se bloqueará en' : 'la sesión se cerrará en'}{' '}
          <strong>
            {seconds} {seconds === 1 ? 'segundo' : 'segundos'}
          </strong>
          .
        </p>
        <button
          ref={stayButton}
          type="button"
          className="button-primary"
          onClick={() => {
            recordActivity(Date.now())
            setState(idlePhaseAt(Date.now(), Date.now()))
          }}
        >
          Seguir conectado
        </button>
      </div>
    </div>
  )
}
