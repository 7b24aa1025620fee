/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium only), kept from the
 * moment the page starts: the event can fire before React has mounted anything, and it is sent
 * once per page. A store the install button reads with `useSyncExternalStore`.
 * https://developer.mozilla.org/docs/Web/API/BeforeInstallPromptEvent
 */
import { isInstalledApp } from '../display-mode'

/** `beforeinstallprompt`: not in TypeScript's DOM library (no standard yet). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>
}

/**
 * `unavailable`: the browser offers nothing (yet, or any more); `available`: an offer is kept and
 * the button may show it; `prompting`: the browser's dialog is open; `installed`: the app runs
 * installed, or has just been installed from this page.
 */
export type InstallAvailability = 'unavailable' | 'available' | 'prompting' | 'installed'

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable'

export interface InstallPromptStore {
  subscribe: (listener: () => void) => () => void
  getSnapshot: () => InstallAvailability
  /** Starts listening to `target`'s install events; called once, before the app renders. */
  listen: (target: Pick<Window, 'addEventListener'>) => void
  /** Shows the browser's install dialog and says what the person chose. */
  promptInstall: () => Promise<InstallOutcome>
}

export function createInstallPromptStore(
  isInstalled: () => boolean = isInstalledApp,
): InstallPromptStore {
  const listeners = new Set<() => void>()
  let availability: InstallAvailability = 'unavailable'
  let offer: BeforeInstallPromptEvent | null = null

  function setAvailability(next: InstallAvailability) {
    if (next === availability) return
    availability = next
    for (const listener of listeners) listener()
  }

  function onBeforeInstallPrompt(event: Event) {
    // Keeps Chromium's own mini-infobar away: the app offers installation where people look.
    event.preventDefault()
    if (isInstalled()) return
    offer = event as BeforeInstallPromptEvent
    setAvailability('available')
  }

  function onAppInstalled() {
    offer = null
    setAvailability('installed')
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getSnapshot: () => availability,
    listen(target) {
      if (isInstalled()) availability = 'installed'
      target.addEventListener('beforeinstallprompt', onBeforeInstallPrompt)
      target.addEventListener('appinstalled', onAppInstalled)
    },
    async promptInstall() {
      const current = offer
      if (current === null || availability !== 'available') return 'unavailable'
      // An offer can be shown once: whatever the answer, the next one is a new event.
      offer = null
      setAvailability('prompting')
      try {
        await current.prompt()
        const { outcome } = await current.userChoice
        setAvailability(outcome === 'accepted' ? 'installed' : 'unavailable')
        return outcome
      } catch {
        // Shown already, or refused by the browser: nothing is left to offer from this event.
        setAvailability('unavailable')
        return 'unavailable'
      }
    },
  }
}

/** The app's one store; main.tsx makes it listen before the router renders. */
export const installPrompt: InstallPromptStore = createInstallPromptStore()
