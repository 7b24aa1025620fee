import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createServiceWorkerController,
  registerServiceWorker,
  type WorkboxLike,
} from './register-service-worker'

function fakeWorkbox() {
  const listeners = new Map<string, (() => void)[]>()
  const workbox = {
    addEventListener: vi.fn((type: string, listener: () => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener])
    }),
    register: vi.fn(() => Promise.resolve(undefined)),
    update: vi.fn(() => Promise.resolve(undefined)),
    messageSkipWaiting: vi.fn(),
  } satisfies WorkboxLike
  const emit = (type: 'waiting' | 'controlling') => {
    for (const listener of listeners.get(type) ?? []) listener()
  }
  return { workbox, emit }
}

function fakeContainer() {
  const target = new EventTarget()
  return {
    addEventListener: target.addEventListener.bind(target),
    startMessages: vi.fn(),
    post: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
  }
}

function setup() {
  const { workbox, emit } = fakeWorkbox()
  const container = fakeContainer()
  const reload = vi.fn()
  const controller = createServiceWorkerController({
    createWorkbox: () => workbox,
    getContainer: () => container,
    reload,
  })
  controller.register()
  return { controller, workbox, emit, container, reload }
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('createServiceWorkerController', () => {
  test('registers once, however often it is called', () => {
    const { controller, workbox } = setup()
    controller.register()
    expect(workbox.register).toHaveBeenCalledOnce()
  })

  test('a waiting worker is reported to subscribers', () => {
    const { controller, emit } = setup()
    const listener = vi.fn()
    controller.subscribe(listener)
    expect(controller.getSnapshot()).toEqual({ isUpdateWaiting: false })

    emit('waiting')

    expect(controller.getSnapshot()).toEqual({ isUpdateWaiting: true })
    expect(listener).toHaveBeenCalledOnce()
  })

  test('accepting sends SKIP_WAITING and reloads exactly once on controlling', () => {
    const { controller, emit, workbox, reload } = setup()
    emit('waiting')

    controller.acceptUpdate()
    controller.acceptUpdate()
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce()
    expect(reload).not.toHaveBeenCalled()

    emit('controlling')
    emit('controlling')
    expect(reload).toHaveBeenCalledOnce()
  })

  test('nothing to accept without a waiting worker', () => {
    const { controller, workbox } = setup()
    controller.acceptUpdate()
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled()
  })

  test('the first install taking control never reloads', () => {
    const { emit, reload } = setup()
    emit('controlling')
    expect(reload).not.toHaveBeenCalled()
  })

  test('another tab accepting hides the prompt here without reloading', () => {
    const { controller, emit, reload } = setup()
    emit('waiting')
    emit('controlling')
    expect(controller.getSnapshot().isUpdateWaiting).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })

  test('BRANDING_UPDATED messages reach the registered listeners', () => {
    const { controller, container } = setup()
    const listener = vi.fn()
    const unsubscribe = controller.onBrandingUpdated(listener)

    container.post({ type: 'BRANDING_UPDATED', tenant: 'hospital-central' })
    container.post({ type: 'BRANDING_UPDATED' })
    container.post({ type: 'OTHER', tenant: 'x' })
    container.post('BRANDING_UPDATED')
    unsubscribe()
    container.post({ type: 'BRANDING_UPDATED', tenant: 'clinica-norte' })

    expect(listener).toHaveBeenCalledExactlyOnceWith('hospital-central')
    expect(container.startMessages).toHaveBeenCalledOnce()
  })

  test('a failed registration is swallowed and the app goes on', async () => {
    const { workbox } = fakeWorkbox()
    workbox.register.mockRejectedValueOnce(new Error('SecurityError'))
    const controller = createServiceWorkerController({
      createWorkbox: () => workbox,
      getContainer: () => null,
      reload: vi.fn(),
    })
    controller.register()
    await vi.runOnlyPendingTimersAsync()
    expect(controller.getSnapshot().isUpdateWaiting).toBe(false)
  })

  test('looks for a new version every hour', async () => {
    const { workbox } = setup()
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
    expect(workbox.update).toHaveBeenCalledOnce()
  })
})

describe('registerServiceWorker', () => {
  test('does nothing outside a production build (tests, dev server)', () => {
    const register = vi.fn()
    vi.stubGlobal('navigator', { onLine: true, serviceWorker: { register } })
    registerServiceWorker()
    expect(register).not.toHaveBeenCalled()
  })
})
