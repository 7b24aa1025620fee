import { describe, expect, it } from 'vitest'
import { createWorkQueue, ServerBusyError } from './work-queue.js'

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  let reject: (error: Error) => void = () => undefined
  const promise = new Promise<T>((done, fail) => {
    resolve = done
    reject = fail
  })
  return { promise, resolve, reject }
}

describe('createWorkQueue', () => {
  it('runs at most `concurrency` checks, queues `maxWaiting`, refuses the rest at once', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 1 })
    const checks = [deferred<boolean>(), deferred<boolean>(), deferred<boolean>()]
    const started: number[] = []
    const runs = checks.map((check, index) =>
      queue.run(() => {
        started.push(index)
        return check.promise
      }),
    )

    await expect(queue.run(() => Promise.resolve(true))).rejects.toBeInstanceOf(ServerBusyError)
    expect(started).toEqual([0, 1])
    expect(queue.size()).toEqual({ running: 2, waiting: 1 })

    checks[0]?.resolve(true)
    await expect(runs[0]).resolves.toBe(true)
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual([0, 1, 2])
    expect(queue.size()).toEqual({ running: 2, waiting: 0 })

    checks[1]?.resolve(false)
    checks[2]?.resolve(true)
    await expect(Promise.all(runs)).resolves.toEqual([true, false, true])
    expect(queue.size()).toEqual({ running: 0, waiting: 0 })
  })

  it('lets pending I/O have its turn before the next waiting task starts', async () => {
    // Tasks that never leave the process (SQLite answers synchronously) must not run the whole
    // line in one go while a health check's request waits.
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 10 })
    const order: string[] = []
    const runs = [0, 1, 2].map((index) =>
      queue.run(() => {
        order.push(`task ${String(index)}`)
        return Promise.resolve()
      }),
    )
    setImmediate(() => order.push('other work'))

    await Promise.all(runs)

    expect(order).toEqual(['task 0', 'other work', 'task 1', 'task 2'])
  })

  it('frees the slot of a check that fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 })

    await expect(queue.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    )

    await expect(queue.run(() => Promise.resolve('next'))).resolves.toBe('next')
    expect(queue.size()).toEqual({ running: 0, waiting: 0 })
  })

  it('accepts again once the flood has passed', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 })
    const slow = deferred<boolean>()
    const running = queue.run(() => slow.promise)
    await expect(queue.run(() => Promise.resolve(true))).rejects.toBeInstanceOf(ServerBusyError)

    slow.resolve(true)
    await running

    await expect(queue.run(() => Promise.resolve(true))).resolves.toBe(true)
  })
})
