/**
 * Shared-device mode: on a tablet at a nurses' station or a waiting-room kiosk, a session left
 * alone ends by itself. The device remembers the mode; activity in any tab of the app counts for
 * all (the time of the last one is in localStorage, which every tab sees); every deadline is
 * computed from the clock, so a throttled background tab is still on time.
 */
import { keepKioskCredentialThrough } from '../../lib/kiosk-credential'
import { readValue, removeValue, writeValue } from '../../lib/storage'
import { isKioskMode, setKioskMode } from './kiosk-mode'

/** Idle time after which the session ends. */
export const IDLE_SIGN_OUT_MS = 5 * 60_000
/** How long the warning with its countdown shows before that. */
export const IDLE_WARNING_MS = 60_000

/** True when the device was marked shared, and always on a kiosk. */
export function isSharedDevice(): boolean {
  return readValue('dispositivo-compartido') === '1' || isKioskMode()
}

export function setSharedDevice(isShared: boolean): void {
  if (isShared) writeValue('dispositivo-compartido', '1')
  else removeValue('dispositivo-compartido')
}

/**
 * Runs `wipe` (which clears all of the user's browser storage) keeping the device's own settings,
 * which are not the user's data: a shared tablet stays shared, a kiosk stays a kiosk (and keeps
 * the credential its hospital issued).
 */
export function keepDeviceSettingsThrough(wipe: () => void): void {
  const isMarkedShared = readValue('dispositivo-compartido') === '1'
  const isKiosk = isKioskMode()
  keepKioskCredentialThrough(wipe)
  if (isMarkedShared) setSharedDevice(true)
  if (isKiosk) setKioskMode(true)
}

/** Records that someone used the app now; every tab's timer follows. */
export function recordActivity(now: number): void {
  writeValue('ultima-actividad', String(now))
}

/** When someone last used the app, or null when nothing was recorded (or it is unreadable). */
export function lastActivityAt(): number | null {
  const value = Number(readValue('ultima-actividad'))
  return Number.isFinite(value) && value > 0 ? value : null
}

export type IdlePhase =
  | { phase: 'active'; warningInMs: number }
  | { phase: 'warning'; signOutInMs: number }
  | { phase: 'expired' }

/** Where the inactivity countdown stands at `now`, given the last activity. */
export function idlePhaseAt(lastActivity: number, now: number): IdlePhase {
  // A clock set back (or a timestamp from the future) counts as activity now, never as expiry.
  const idleFor = Math.max(0, now - lastActivity)
  if (idleFor >= IDLE_SIGN_OUT_MS) return { phase: 'expired' }
  if (idleFor >= IDLE_SIGN_OUT_MS - IDLE_WARNING_MS) {
    return { phase: 'warning', signOutInMs: IDLE_SIGN_OUT_MS - idleFor }
  }
  return { phase: 'active', warningInMs: IDLE_SIGN_OUT_MS - IDLE_WARNING_MS - idleFor }
}
