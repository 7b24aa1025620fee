/**
 * A bound on the password checks in progress. scrypt is deliberately expensive and runs on
 * libuv's small thread pool, which also serves the static files: a flood of sign-ins from many
 * addresses and accounts (which the rate limits do not catch) would otherwise queue without end,
 * slow every sign-in to many seconds and starve file serving. At most `concurrency` checks run;
 * up to `maxWaiting` more wait their turn; beyond that the attempt is refused at once.
 *
 * It stays per process even when several instances share a database: what it protects is this
 * process's CPU and thread pool, which no other instance uses, so each instance bounds its own
 * work. Limits on who may try (per address, per account) are the shared rate limits.
 */

export interface PasswordCheckLimits {
  /** Checks computed at the same time (leave pool threads for file serving). */
  concurrency: number
  /** Checks allowed to wait for a free slot; any more are refused with ServerBusyError. */
  maxWaiting: number
}

export const DEFAULT_PASSWORD_CHECK_LIMITS: PasswordCheckLimits = { concurrency: 2, maxWaiting: 16 }

/** Too many password checks are already waiting: the caller should retry in a moment. */
export class ServerBusyError extends Error {
  override name = 'ServerBusyError'
}

export interface PasswordCheckQueue {
  /** Runs `check` when a slot is free; rejects with ServerBusyError when the queue is full. */
  run<T>(check: () => Promise<T>): Promise<T>
  /** Checks running and waiting now (for tests and diagnostics). */
  size(): { running: number; waiting: number }
}

export function createPasswordCheckQueue({
  concurrency,
  maxWaiting,
}: PasswordCheckLimits): PasswordCheckQueue {
  let running = 0
  const waiting: (() => void)[] = []

  function release() {
    const next = waiting.shift()
    // The slot passes straight to the next waiting check; otherwise it is freed.
    if (next) next()
    else running -= 1
  }

  return {
    async run(check) {
      if (running < concurrency) {
        running += 1
      } else {
        if (waiting.length >= maxWaiting) throw new ServerBusyError('Too many sign-ins in progress')
        await new Promise<void>((resolve) => waiting.push(resolve))
      }
      try {
        return await check()
      } finally {
        release()
      }
    },
    size: () => ({ running, waiting: waiting.length }),
  }
}
