import { expect, it } from 'vitest'
import { createSlots } from './image-slots.js'

it('runs at most the given number of jobs at once, and every job in turn', async () => {
  const run = createSlots(2)
  let running = 0
  let most = 0
  const releases: (() => void)[] = []
  const jobs = Array.from({ length: 5 }, (_, index) =>
    run(async () => {
      running += 1
      most = Math.max(most, running)
      await new Promise<void>((resolve) => releases.push(resolve))
      running -= 1
      return index
    }),
  )
  // Release whichever jobs are waiting until all five have run.
  while (releases.length > 0 || running > 0) {
    await new Promise((resolve) => setImmediate(resolve))
    releases.shift()?.()
  }
  expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4])
  expect(most).toBe(2)
})

it('frees the slot when a job fails', async () => {
  const run = createSlots(1)
  await expect(run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
  expect(await run(() => Promise.resolve('next'))).toBe('next')
})
