import { describe, expect, it } from 'vitest'
import {
  IDLE_SIGN_OUT_MS,
  IDLE_WARNING_MS,
  idlePhaseAt,
  isSharedDevice,
  lastActivityAt,
  recordActivity,
  setSharedDevice,
} from './shared-device'

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0)

describe('idlePhaseAt', () => {
  it('is active, with the time until the warning, for the first four minutes', () => {
    expect(idlePhaseAt(T0, T0)).toEqual({ phase: 'active', warningInMs: 240_000 })
    expect(idlePhaseAt(T0, T0 + 239_999)).toEqual({ phase: 'active', warningInMs: 1 })
  })

  it('warns for the last minute, counting down to the sign-out', () => {
    expect(idlePhaseAt(T0, T0 + IDLE_SIGN_OUT_MS - IDLE_WARNING_MS)).toEqual({
      phase: 'warning',
      signOutInMs: 60_000,
    })
    expect(idlePhaseAt(T0, T0 + 299_000)).toEqual({ phase: 'warning', signOutInMs: 1_000 })
  })

  it('expires at five minutes idle, however late a throttled tab looks', () => {
    expect(idlePhaseAt(T0, T0 + IDLE_SIGN_OUT_MS)).toEqual({ phase: 'expired' })
    expect(idlePhaseAt(T0, T0 + 3_600_000)).toEqual({ phase: 'expired' })
  })

  it('treats a clock set back as activity now, never as expiry', () => {
    expect(idlePhaseAt(T0, T0 - 10_000)).toEqual({ phase: 'active', warningInMs: 240_000 })
  })
})

describe('the device setting and the shared activity time', () => {
  it('is remembered on the device and can be switched off', () => {
    expect(isSharedDevice()).toBe(false)
    setSharedDevice(true)
    expect(localStorage.getItem('dispositivo-compartido')).toBe('1')
    expect(isSharedDevice()).toBe(true)
    setSharedDevice(false)
    expect(isSharedDevice()).toBe(false)
  })

  it('keeps the last activity where every tab reads it, and ignores garbage', () => {
    expect(lastActivityAt()).toBeNull()
    recordActivity(T0)
    expect(lastActivityAt()).toBe(T0)
    localStorage.setItem('ultima-actividad', 'ayer')
    expect(lastActivityAt()).toBeNull()
  })
})
