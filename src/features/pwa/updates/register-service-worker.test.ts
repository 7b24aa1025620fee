import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createServiceWorkerController,
  UPDATE_CHECK_ON_NAVIGATION_MS,
  registerServiceWorker,
  type ControllingEvent,
  type WorkboxLike,
} from './register-service-worker'

function fakeWorkbox() {
  const listeners = new Map<string, ((event: ControllingEvent) => void)[]>()
  const workbox = {
    addEventListener: vi.fn((type: string, listener: (event: ControllingEvent) => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener])
    }),
    register: vi.fn(() => Promise.resolve(undefined)),
    update: vi.fn(() => Promise.resolve(undefined)),
    messageSkipWaiting: vi.fn(),
    messageSW: vi.fn<(data: object) => Promise<unknown>>(() => Promise.resolve(true)),
  } satisfies WorkboxLike
  // By default the event of an update taking control (the page was controlled at registration).
  const emit = (type: 'waiting' | 'controlling', event: ControllingEvent = { isUpdate: true }) => {
    for (const listener of listeners.get(type) ?? []) listener(event)
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

const LOADED_URLS = [
  'http://localhost/assets/index-abc.js',
  'http://localhost/api/hospitales?tenant=hospital-central',
  'http://localhost/logos/hospital-central.png',
]

function setup() {
  const { workbox, emit } = fakeWorkbox()
  const container = fakeContainer()
  const reload = vi.fn()
  const controller = createServiceWorkerController({
    createWorkbox: () => workbox,
    getContainer: () => container,
    reload,
    listLoadedUrls: () => LOADED_URLS,
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
    emit('controlling', { isUpdate: false })
    expect(reload).not.toHaveBeenCalled()
  })

  test('the first install taking control is handed what the page fetched before', () => {
    const { emit, workbox } = setup()
    emit('controlling', { isUpdate: false })
    expect(workbox.messageSW).toHaveBeenCalledExactlyOnceWith({
      type: 'CACHE_URLS',
      payload: { urlsToCache: LOADED_URLS },
    })
  })

  test('a worker that never answers the list does not bother the page', async () => {
    const { emit, workbox } = setup()
    workbox.messageSW.mockRejectedValueOnce(new Error('the worker went away'))
    emit('controlling', { isUpdate: false })
    await vi.runOnlyPendingTimersAsync()
    expect(workbox.messageSW).toHaveBeenCalledOnce()
  })

  test('another tab accepting hides the prompt here without reloading', () => {
    const { controller, emit, reload, workbox } = setup()
    emit('waiting')
    emit('controlling', { isUpdate: true })
    expect(controller.getSnapshot().isUpdateWaiting).toBe(false)
    expect(reload).not.toHaveBeenCalled()
    // An update takes over a page that was already controlled: nothing went past a worker.
    expect(workbox.messageSW).not.toHaveBeenCalled()
  })

  test('BRANDING_UPDATED messages reach the registered listeners', () => {
    const { controller, container } = setup()
    const listener = vi.fn()
    const unsubscribe = controller.onBrandingUpdated(listener)

    const answer = [{ tenant: 'hospital-central', nombre: 'Central' }]
    container.post({ type: 'BRANDING_UPDATED', tenant: 'hospital-central', answer })
    container.post({ type: 'BRANDING_UPDATED' })
    container.post({ type: 'OTHER', tenant: 'x' })
    container.post('BRANDING_UPDATED')
    unsubscribe()
    container.post({ type: 'BRANDING_UPDATED', tenant: 'clinica-norte' })

    expect(listener).toHaveBeenCalledExactlyOnceWith('hospital-central', answer)
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

  test('a navigation looks for a new version when the last look is over 5 minutes old', async () => {
    const { controller, workbox } = setup()
    // Registering has just looked: navigating right away asks nothing more.
    controller.checkOnNavigation()
    expect(workbox.update).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_ON_NAVIGATION_MS + 1)
    controller.checkOnNavigation()
    controller.checkOnNavigation()
    expect(workbox.update).toHaveBeenCalledOnce()

    // The hourly look counts as a look as well.
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000 - UPDATE_CHECK_ON_NAVIGATION_MS - 1)
    expect(workbox.update).toHaveBeenCalledTimes(2)
    controller.checkOnNavigation()
    expect(workbox.update).toHaveBeenCalledTimes(2)
  })

  test("the waiting version's release notes join the state once read", async () => {
    const { workbox, emit } = fakeWorkbox()
    const notes = { version: '2.0.0', notas: ['Citas más rápidas.'] }
    const controller = createServiceWorkerController({
      createWorkbox: () => workbox,
      getContainer: () => null,
      reload: vi.fn(),
      fetchReleaseNotes: () => Promise.resolve(notes),
    })
    controller.register()
    const listener = vi.fn()
    controller.subscribe(listener)

    emit('waiting')
    expect(controller.getSnapshot()).toEqual({ isUpdateWaiting: true })
    await vi.waitFor(() => {
      expect(controller.getSnapshot()).toEqual({ isUpdateWaiting: true, releaseNotes: notes })
    })
    expect(listener).toHaveBeenCalledTimes(2)
  })

  test('an installed app looks for a new version each time it comes back to the foreground', () => {
    const { workbox } = fakeWorkbox()
    let comeBack: () => void = () => undefined
    let isInstalled = false
    const controller = createServiceWorkerController({
      createWorkbox: () => workbox,
      getContainer: () => null,
      reload: vi.fn(),
      onForeground: (listener) => {
        comeBack = listener
        return () => undefined
      },
      isInstalled: () => isInstalled,
    })
    controller.register()

    // In a browser tab, a reload or the hourly check is enough.
    comeBack()
    expect(workbox.update).not.toHaveBeenCalled()

    isInstalled = true
    comeBack()
    comeBack()
    expect(workbox.update).toHaveBeenCalledTimes(2)
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
