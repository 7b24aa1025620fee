/**
 * Deletes what has outlived its retention in bounded batches, by one instance at a time (an
 * advisory lock on PostgreSQL, a flag in process on SQLite). Each batch is its own short statement
 * and the loop yields between batches, so a large backlog never holds the database or the event
 * loop for long; what one run leaves, the next run takes.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { runExclusively } from './engine.js'
import type { AppDatabase } from './schema.js'

/** Days a staff member's read of a request stays in the audit log (`AUDIT_READ_RETENTION_DAYS`). */
export const DEFAULT_AUDIT_READ_RETENTION_DAYS = 730
/**
 * Days the phone or email of someone without an account is kept after their request closes
 * (`GUEST_CONTACT_RETENTION_DAYS`): long enough to call back about a consultation.
 */
export const DEFAULT_GUEST_CONTACT_RETENTION_DAYS = 30

/**
 * Hours an immediate-care replay secret is kept after its request closes: its guest session has
 * ended with the request, so a replay needs it no more; the margin covers a late retry.
 */
export const GUEST_REPLAY_SECRET_RETENTION_HOURS = 24

/** Rows one batch touches at most. */
export const PRUNE_BATCH = 1000
/** Batches one run takes at most per kind of data (the rest waits for the next run). */
export const PRUNE_MAX_BATCHES_PER_RUN = 50

/** One batch of a prune walking a table by id: how many it removed, where the next one starts. */
export type PruneStep = (
  afterId: number,
) => Promise<{ deleted: number; nextAfterId: number; done: boolean }>

/** Runs `step` from the table's start until it is done or the run's budget is spent. */
export async function pruneInBatches(step: PruneStep): Promise<number> {
  let afterId = 0
  let total = 0
  for (let batch = 0; batch < PRUNE_MAX_BATCHES_PER_RUN; batch++) {
    const { deleted, nextAfterId, done } = await step(afterId)
    total += deleted
    if (done) break
    afterId = nextAfterId
    await yieldToEventLoop()
  }
  return total
}

export interface HousekeepingTask {
  name: string
  run: () => Promise<number>
}

/**
 * Runs every task on this instance unless another instance is already doing so; returns how many
 * rows each removed, or undefined when it was another instance's turn.
 */
export async function runHousekeeping(
  db: AppDatabase,
  tasks: readonly HousekeepingTask[],
): Promise<Record<string, number> | undefined> {
  return runExclusively(db, 'clinica:housekeeping', async () => {
    const removed: Record<string, number> = {}
    for (const task of tasks) removed[task.name] = await task.run()
    return removed
  })
}
