import { describe, expect, it } from 'vitest'
import { decideIdleUpdate, KIOSK_IDLE_UPDATE_MS } from './idle-update'

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0)
const waiting = { isUpdateWaiting: true, hasUnsavedInput: false, lastInputAt: T0 }

describe('decideIdleUpdate', () => {
  it('waits out the rest of the idle minute after the last input', () => {
    expect(KIOSK_IDLE_UPDATE_MS).toBe(60_000)
    expect(decideIdleUpdate({ ...waiting, now: T0 })).toEqual({ action: 'wait', inMs: 60_000 })
    expect(decideIdleUpdate({ ...waiting, now: T0 + 59_999 })).toEqual({
      action: 'wait',
      inMs: 1,
    })
  })

  it('applies once the screen has been left alone for a minute, however late the timer', () => {
    expect(decideIdleUpdate({ ...waiting, now: T0 + 60_000 })).toEqual({ action: 'apply' })
    expect(decideIdleUpdate({ ...waiting, now: T0 + 3_600_000 })).toEqual({ action: 'apply' })
  })

  it('never applies while a form holds input, however long it has been idle', () => {
    expect(decideIdleUpdate({ ...waiting, hasUnsavedInput: true, now: T0 + 3_600_000 })).toEqual({
      action: 'hold',
    })
  })

  it('has nothing to do without a waiting update', () => {
    expect(decideIdleUpdate({ ...waiting, isUpdateWaiting: false, now: T0 + 3_600_000 })).toEqual({
      action: 'hold',
    })
  })

  it('treats a clock set back as input now, never as idle', () => {
    expect(decideIdleUpdate({ ...waiting, now: T0 - 120_000 })).toEqual({
      action: 'wait',
      inMs: 60_000,
    })
  })
})
