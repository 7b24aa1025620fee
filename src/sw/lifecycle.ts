/**
 * Install, activate and page messages. The worker never activates itself over an open page:
 * a new version waits until the user accepts it (`SKIP_WAITING`), so a page never runs with a
 * worker whose precache lacks the chunks it was built with.
 */
import { SW_MESSAGES } from '../config/sw-messages'
import { deleteUnusedCaches } from './cache-cleanup'

export interface LifecycleOptions {
  /** Every cache the running version uses (precache and runtime caches). */
  currentCacheNames: () => readonly string[]
}

export function isSkipWaitingMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === SW_MESSAGES.skipWaiting
  )
}

export function installLifecycleHandlers(
  worker: ServiceWorkerGlobalScope,
  { currentCacheNames }: LifecycleOptions,
): void {
  // Kept in memory between install and activate; if the browser stops the worker in between,
  // the first page is simply controlled from its next load, as without claim().
  let isFirstInstall = false

  worker.addEventListener('install', () => {
    isFirstInstall = worker.registration.active === null
  })

  worker.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        await deleteUnusedCaches(worker.caches, currentCacheNames())
        // First install only: no page can be running an older build, so taking control at
        // once is safe, and the first visit's branding, logo and manifest go through the worker
        // (offline start without a reload). An update never claims: it waits for SKIP_WAITING.
        if (isFirstInstall) await worker.clients.claim()
      })(),
    )
  })

  worker.addEventListener('message', (event) => {
    if (isSkipWaitingMessage(event.data)) event.waitUntil(worker.skipWaiting())
  })
}
