/**
 * How many photos this instance decodes and re-encodes at once. Each decode may take up to the
 * pixel limit's memory and a core: a burst of uploads waits its turn instead of exhausting both.
 */
export const PHOTO_DECODES_AT_ONCE = 2

/** A queue that runs at most `slots` jobs at once, in arrival order. */
export function createSlots(slots: number) {
  let busy = 0
  const waiting: (() => void)[] = []
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (busy >= slots) await new Promise<void>((resolve) => waiting.push(resolve))
    else busy += 1
    try {
      return await job()
    } finally {
      // The slot passes straight to the next job, so `busy` never drops below the queue's need.
      const next = waiting.shift()
      if (next) next()
      else busy -= 1
    }
  }
}
