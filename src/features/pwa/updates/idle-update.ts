/**
 * When an unattended kiosk applies a waiting update by itself: nobody has touched it for a
 * while and no form holds input (the reload would lose it). Decided from the clock, so a timer
 * that fired late still decides right.
 */

/** How long a kiosk must be left alone before an update reloads it. */
export const KIOSK_IDLE_UPDATE_MS = 60_000

export interface IdleUpdateInput {
  isUpdateWaiting: boolean
  hasUnsavedInput: boolean
  /** When someone last touched, clicked or typed (ms since the epoch). */
  lastInputAt: number
  now: number
  idleMs?: number
}

export type IdleUpdateDecision =
  | { action: 'apply' }
  /** Look again in `inMs`: by then nobody may have touched the screen for long enough. */
  | { action: 'wait'; inMs: number }
  /** Nothing to do until something changes (an update arrives, the form is cleared or sent). */
  | { action: 'hold' }

export function decideIdleUpdate({
  isUpdateWaiting,
  hasUnsavedInput,
  lastInputAt,
  now,
  idleMs = KIOSK_IDLE_UPDATE_MS,
}: IdleUpdateInput): IdleUpdateDecision {
  if (!isUpdateWaiting || hasUnsavedInput) return { action: 'hold' }
  // A clock set back (or an input time from the future) counts as input now, never as idle.
  const idleFor = Math.max(0, now - lastInputAt)
  return idleFor >= idleMs ? { action: 'apply' } : { action: 'wait', inMs: idleMs - idleFor }
}
