/** An outbox holding nothing, for screen tests (`vi.mock('../outbox/outbox', () => import(…))`). */
import { vi } from 'vitest'

const none = new Set<string>()

export const readPendingIds = () => none
export const subscribeToOutbox = () => () => undefined
export const isUnsentFailure = () => false
export const keepMessage = vi.fn()
