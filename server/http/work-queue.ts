/**
 * A bound on expensive work in progress: at most `concurrency` tasks run; up to `maxWaiting` more
 * wait their turn, in order; beyond that a task is refused at once with {@link ServerBusyError}.
 * A flood then waits here, in the process, rather than in a thread pool or a database pool where
 * everything else would wait behind it. A freed slot passes to the next task on the event loop's
 * next turn, not at once: work that never leaves the process (SQLite answers synchronously) would
 * otherwise run the whole line in one go while a health check or any other request waited.
 */

export interface WorkQueueLimits {
  /** Tasks running at the same time. */
  concurrency: number
  /** Tasks allowed to wait for a free slot; any more are refused with ServerBusyError. */
  maxWaiting: number
}

/** Too many tasks are already waiting: the caller should retry in a moment. */
export class ServerBusyError extends Error {
  override name = 'ServerBusyError'
}

export interface WorkQueue {
  /** Runs `task` when a slot is free; rejects with ServerBusyError when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>
  /** Tasks running and waiting now (for tests and diagnostics). */
  size(): { running: number; waiting: number }
}

export function createWorkQueue({ concurrency, maxWaiting }: WorkQueueLimits): WorkQueue {
  let running = 0
  const waiting: (() => void)[] = []

  function release() {
    const next = waiting.shift()
    // The slot passes to the next waiting task once pending I/O has had its turn; otherwise it
    // is freed.
    if (next) setImmediate(next)
    else running -= 1
  }

  return {
    async run(task) {
      if (running < concurrency) {
        running += 1
      } else {
        if (waiting.length >= maxWaiting) throw new ServerBusyError('Too many tasks in progress')
        await new Promise<void>((resolve) => waiting.push(resolve))
      }
      try {
        return await task()
      } finally {
        release()
      }
    },
    size: () => ({ running, waiting: waiting.length }),
  }
}
