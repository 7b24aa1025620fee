/**
 * The bound on password checks in progress (a {@link WorkQueue}). scrypt is deliberately
 * expensive and runs on libuv's small thread pool, which also serves the static files: a flood of
 * sign-ins from many addresses and accounts (which the rate limits do not catch) would otherwise
 * queue without end, slow every sign-in to many seconds and starve file serving.
 *
 * It stays per process even when several instances share a database: what it protects is this
 * process's CPU and thread pool, which no other instance uses, so each instance bounds its own
 * work. Limits on who may try (per address, per account) are the shared rate limits.
 */
import type { WorkQueue, WorkQueueLimits } from '../http/work-queue.js'

/** Checks computed at once (leaving pool threads for file serving), and checks that may wait. */
export type PasswordCheckLimits = WorkQueueLimits

export const DEFAULT_PASSWORD_CHECK_LIMITS: PasswordCheckLimits = { concurrency: 2, maxWaiting: 16 }

export type PasswordCheckQueue = WorkQueue
