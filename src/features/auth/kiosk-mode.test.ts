import { describe, expect, it, vi } from 'vitest'
import {
  isKioskMode,
  kioskSwitchFor,
  setKioskMode,
  showKioskMode,
  subscribeToKioskMode,
} from './kiosk-mode'
import { isSharedDevice, setSharedDevice } from './shared-device'

describe('kioskSwitchFor', () => {
  it('switches kiosk mode on for anyone who opens an address with ?kiosco=1', () => {
    expect(kioskSwitchFor('1', false)).toBe('on')
    expect(kioskSwitchFor('1', true)).toBe('on')
  })

  it('switches it off only for an administrator signed in on the device', () => {
    expect(kioskSwitchFor('0', true)).toBe('off')
    expect(kioskSwitchFor('0', false)).toBe('ignore')
  })

  it('ignores a missing parameter and any other value', () => {
    for (const value of [null, '', 'true', 'sí', ' 1', '01', '0 ']) {
      expect(kioskSwitchFor(value, true)).toBe('ignore')
    }
  })
})

describe('the device setting', () => {
  it('is remembered on the device, tells subscribers, and can be switched off', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeToKioskMode(listener)
    expect(isKioskMode()).toBe(false)

    setKioskMode(true)
    expect(localStorage.getItem('modo-kiosco')).toBe('1')
    expect(isKioskMode()).toBe(true)
    setKioskMode(true)
    expect(listener).toHaveBeenCalledTimes(1)

    setKioskMode(false)
    expect(localStorage.getItem('modo-kiosco')).toBeNull()
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
  })

  it('hears another tab switching it', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeToKioskMode(listener)
    window.dispatchEvent(new StorageEvent('storage', { key: 'modo-kiosco', newValue: '1' }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'tenant', newValue: 'x' }))
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
  })

  it('makes the device a shared device (sign-out after inactivity) while it is on', () => {
    setSharedDevice(false)
    setKioskMode(true)
    expect(isSharedDevice()).toBe(true)
    setKioskMode(false)
    expect(isSharedDevice()).toBe(false)
  })

  it('marks <html> for the kiosk styles', () => {
    const root = document.documentElement
    showKioskMode(root, true)
    expect(root).toHaveAttribute('data-kiosco')
    showKioskMode(root, false)
    expect(root).not.toHaveAttribute('data-kiosco')
  })
})
