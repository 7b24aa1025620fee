import { describe, expect, test, vi } from 'vitest'
import { createInstallPromptStore, type BeforeInstallPromptEvent } from './install-prompt'

/** What Chromium sends: a cancelable event with `prompt()` and the person's answer. */
function installOffer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent
  const prompt = vi.fn(() => Promise.resolve())
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) })
  return { event, prompt }
}

function listeningStore(isInstalled = false) {
  const target = new EventTarget()
  const store = createInstallPromptStore(() => isInstalled)
  store.listen(target)
  return { target, store }
}

describe('the install offer store', () => {
  test('offers nothing until the browser sends its offer', () => {
    const { store } = listeningStore()
    expect(store.getSnapshot()).toBe('unavailable')
  })

  test("keeps the browser's offer, silencing its own banner, even with no one listening yet", () => {
    const { target, store } = listeningStore()
    const { event } = installOffer()
    target.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(store.getSnapshot()).toBe('available')
  })

  test('tells its subscribers when the offer arrives', () => {
    const { target, store } = listeningStore()
    const listener = vi.fn()
    store.subscribe(listener)
    target.dispatchEvent(installOffer().event)
    expect(listener).toHaveBeenCalledOnce()
  })

  test('accepted: the dialog was shown once and the app counts as installed', async () => {
    const { target, store } = listeningStore()
    const { event, prompt } = installOffer('accepted')
    target.dispatchEvent(event)

    const outcome = store.promptInstall()
    expect(store.getSnapshot()).toBe('prompting')
    await expect(outcome).resolves.toBe('accepted')
    expect(prompt).toHaveBeenCalledOnce()
    expect(store.getSnapshot()).toBe('installed')
  })

  test('dismissed: the spent offer is dropped, a new one from the browser is offered again', async () => {
    const { target, store } = listeningStore()
    const first = installOffer('dismissed')
    target.dispatchEvent(first.event)

    await expect(store.promptInstall()).resolves.toBe('dismissed')
    expect(store.getSnapshot()).toBe('unavailable')
    await expect(store.promptInstall()).resolves.toBe('unavailable')
    expect(first.prompt).toHaveBeenCalledOnce()

    target.dispatchEvent(installOffer().event)
    expect(store.getSnapshot()).toBe('available')
  })

  test('a prompt the browser refuses leaves nothing to offer', async () => {
    const { target, store } = listeningStore()
    const { event, prompt } = installOffer()
    prompt.mockRejectedValueOnce(new DOMException('Already shown', 'InvalidStateError'))
    target.dispatchEvent(event)
    await expect(store.promptInstall()).resolves.toBe('unavailable')
    expect(store.getSnapshot()).toBe('unavailable')
  })

  test('appinstalled (from the browser menu too) ends the offer', () => {
    const { target, store } = listeningStore()
    target.dispatchEvent(installOffer().event)
    target.dispatchEvent(new Event('appinstalled'))
    expect(store.getSnapshot()).toBe('installed')
  })

  test('running installed, nothing is ever offered', () => {
    const { target, store } = listeningStore(true)
    expect(store.getSnapshot()).toBe('installed')
    target.dispatchEvent(installOffer().event)
    expect(store.getSnapshot()).toBe('installed')
  })
})
