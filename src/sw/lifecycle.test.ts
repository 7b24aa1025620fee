import { describe, expect, test, vi } from 'vitest'
import { installLifecycleHandlers, isSkipWaitingMessage } from './lifecycle'
import {
  FakeCacheStorage,
  FakeExtendableEvent,
  FakeExtendableMessageEvent,
  fakeClients,
} from './testing/worker-fakes'

const CURRENT = ['clinica-pwa-precache-v2-/', 'clinica-pwa-branding-v1', 'clinica-pwa-logos-v1']

// A worker global scope reduced to what the lifecycle handlers use.
function fakeWorker({ hasActiveWorker }: { hasActiveWorker: boolean }) {
  const listeners = new Map<string, ((event: unknown) => void)[]>()
  const { clients } = fakeClients(1)
  const caches = FakeCacheStorage.withCaches([...CURRENT, 'clinica-pwa-logos-v0'])
  const worker = {
    registration: { active: hasActiveWorker ? {} : null },
    clients,
    caches: caches.asCacheStorage(),
    skipWaiting: vi.fn(() => Promise.resolve()),
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener])
    },
  }
  installLifecycleHandlers(worker as unknown as ServiceWorkerGlobalScope, {
    currentCacheNames: () => CURRENT,
  })
  async function dispatch(type: string, event = new FakeExtendableEvent(type)) {
    for (const listener of listeners.get(type) ?? []) listener(event)
    await event.settle()
  }
  return { worker, clients, caches, dispatch }
}

describe('SKIP_WAITING', () => {
  test('the message activates the waiting worker', async () => {
    const { worker, dispatch } = fakeWorker({ hasActiveWorker: true })
    await dispatch('message', new FakeExtendableMessageEvent({ type: 'SKIP_WAITING' }))
    expect(worker.skipWaiting).toHaveBeenCalledOnce()
  })

  test.each([null, 'SKIP_WAITING', { type: 'OTHER' }, { kind: 'SKIP_WAITING' }])(
    'nothing else does (%j)',
    async (data) => {
      const { worker, dispatch } = fakeWorker({ hasActiveWorker: true })
      await dispatch('message', new FakeExtendableMessageEvent(data))
      expect(isSkipWaitingMessage(data)).toBe(false)
      expect(worker.skipWaiting).not.toHaveBeenCalled()
    },
  )

  test('install and activate never skip waiting on their own', async () => {
    const { worker, dispatch } = fakeWorker({ hasActiveWorker: true })
    await dispatch('install')
    await dispatch('activate')
    expect(worker.skipWaiting).not.toHaveBeenCalled()
  })
})

describe('activate', () => {
  test('deletes the old clinica-pwa caches and keeps the current ones', async () => {
    const { caches, dispatch } = fakeWorker({ hasActiveWorker: true })
    await dispatch('install')
    await dispatch('activate')
    expect(await caches.keys()).toEqual(CURRENT)
  })

  test('the very first install takes control of the open page', async () => {
    const { clients, dispatch } = fakeWorker({ hasActiveWorker: false })
    await dispatch('install')
    await dispatch('activate')
    expect(clients.claim).toHaveBeenCalledOnce()
  })

  test('an update never claims the open pages', async () => {
    const { clients, dispatch } = fakeWorker({ hasActiveWorker: true })
    await dispatch('install')
    await dispatch('activate')
    expect(clients.claim).not.toHaveBeenCalled()
  })
})
