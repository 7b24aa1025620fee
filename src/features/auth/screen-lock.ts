/**
 * The locked screen of a professional on duty on a shared device: idle time hides every screen
 * behind the lock instead of ending the session, so the live stream, its alerts and Web Push go
 * on. The lock is kept in localStorage, so every tab and a reload show it too; it goes with the
 * session (sign-out, the 401 wipe, the next sign-in), and only the account's own password,
 * checked by the server, lifts it (`unlock-screen.ts`, loaded with the lock screen).
 */
import { may, type Actor } from '../../contract/permissions'
import { readValue, removeValue, writeValue } from '../../lib/storage'
import { isKioskMode } from './kiosk-mode'

const listeners = new Set<() => void>()

function notify() {
  for (const listener of [...listeners]) listener()
}

/**
 * Whether idle time on a shared device locks `user`'s screen (a professional: stays on duty)
 * rather than ending the session (everyone else, and everyone on a waiting-room kiosk).
 */
export function locksWhenIdle(user: Actor): boolean {
  return may(user, 'seguir_de_guardia') && !isKioskMode()
}

/**
 * True while the screen is locked. The mark outlives a sign-out until the next screen shows (a
 * lock lifted by the sign-out itself would show the screen behind it for a moment, which then
 * asks the API without a session): the layout shows the lock only while someone is signed in,
 * and forgets a mark left behind.
 */
export function isScreenLocked(): boolean {
  return readValue('pantalla-bloqueada') === '1'
}

/** Locks the screen in every tab of the app. */
export function lockScreen(): void {
  writeValue('pantalla-bloqueada', '1')
  notify()
}

/** The lock goes (a session starts or ends): nothing to lift for the next one. */
export function forgetScreenLock(): void {
  if (readValue('pantalla-bloqueada') === null) return
  removeValue('pantalla-bloqueada')
  notify()
}

/** Calls `listener` when the lock changes, in this tab or another. Returns the unsubscribe. */
export function subscribeToScreenLock(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage (the 401 wipe).
    if (event.key === null || event.key === 'pantalla-bloqueada') listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}
