/**
 * Kiosk mode: a screen in a waiting room that nobody owns. Opening any hospital address with
 * `?kiosco=1` once switches the device into it; it stays on (the device remembers it) until an
 * administrator signs in on that device and switches it off. A kiosk is always a shared device.
 */
import { readValue, removeValue, writeValue } from '../../lib/storage'

/** The query parameter that switches kiosk mode: `?kiosco=1` on, `?kiosco=0` off (admins only). */
export const KIOSK_PARAM = 'kiosco'

/** Attribute on `<html>` while kiosk mode is on: the kiosk styles hang on it. */
export const KIOSK_ATTRIBUTE = 'data-kiosco'

/**
 * How long a form typed into on a signed-out kiosk may stay untouched before it is cleared: the
 * next person in the waiting room must not find what the last one typed.
 */
export const KIOSK_FORM_IDLE_MS = 2 * 60_000

export type KioskSwitch = 'on' | 'off' | 'ignore'

/**
 * What a `?kiosco=` value does. Anyone may switch a device into kiosk mode (it only makes the
 * app safer for the next person); only an administrator signed in on it may switch it off, or a
 * patient could leave a session open on a public screen.
 */
export function kioskSwitchFor(value: string | null, isAdminSignedIn: boolean): KioskSwitch {
  if (value === '1') return 'on'
  if (value === '0' && isAdminSignedIn) return 'off'
  return 'ignore'
}

const listeners = new Set<() => void>()

export function isKioskMode(): boolean {
  return readValue('modo-kiosco') === '1'
}

export function setKioskMode(isOn: boolean): void {
  if (isOn === isKioskMode()) return
  if (isOn) writeValue('modo-kiosco', '1')
  else removeValue('modo-kiosco')
  for (const listener of listeners) listener()
}

/** Calls `listener` when kiosk mode changes, in this tab or another. Returns the unsubscribe. */
export function subscribeToKioskMode(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.key === null || event.key === 'modo-kiosco') listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Marks `<html>` so the kiosk styles (large type, large targets, wide layout) apply. */
export function showKioskMode(root: HTMLElement, isOn: boolean): void {
  root.toggleAttribute(KIOSK_ATTRIBUTE, isOn)
}
