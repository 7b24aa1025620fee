/**
 * One alert per piece of news, however many tabs of the app a person has open. Every tab hears
 * the news on its own live stream; one tab, the leader (whoever holds a Web Lock; the next in
 * line takes over when it closes), decides once per piece of news and tells every tab
 * (BroadcastChannel) which one plays the tone: a tab in view, else the leader itself. Only the
 * leader may show a system notification, and only when no tab is in view. Tabs tell the leader
 * whether they are in view and which screen they show; each holds a lock of its own for its
 * life, so the leader counts only tabs still open. Without Web Locks or BroadcastChannel each
 * tab acts alone.
 */
import type { CareAlert } from './alert-of-event'

/** What the leader knows of a tab. */
export interface TabState {
  tab: string
  isVisible: boolean
  pathname: string
}

export type CoordinatorMessage =
  | { type: 'heard'; alert: CareAlert }
  | { type: 'state'; state: TabState }
  | { type: 'bye'; tab: string }
  | { type: 'who' }
  | { type: 'alert'; alert: CareAlert; toneTab: string | null; isAnyTabVisible: boolean }
  | { type: 'seen'; clave: string }

/** How one tab takes part in an alert the leader decided. */
export interface Delivery {
  /** This tab plays the tone. */
  playsTone: boolean
  /** This tab is the leader: it alone may show the system notification. */
  isLeader: boolean
  isAnyTabVisible: boolean
}

/** Who plays the tone: the leader when in view, else the first tab in view, else the leader. */
export function toneTabOf(
  alert: CareAlert,
  tabs: readonly TabState[],
  leader: string,
  isOnQueue: (pathname: string) => boolean,
): string | null {
  // The queue's own news sounds only where the queue is open.
  const eligible = alert.isForQueue ? tabs.filter((tab) => isOnQueue(tab.pathname)) : tabs
  if (eligible.length === 0) return null
  const visible = eligible.filter((tab) => tab.isVisible)
  const own = eligible.find((tab) => tab.tab === leader)
  return (
    (visible.find((tab) => tab.tab === leader) ?? visible[0] ?? own ?? eligible[0])?.tab ?? null
  )
}

/** Web Locks, as far as the coordinator uses them. */
export interface LocksLike {
  request(name: string, callback: () => Promise<void>): Promise<void>
  query(): Promise<{ held?: { name?: string }[] }>
}

/** BroadcastChannel, as far as the coordinator uses it. */
export interface ChannelLike {
  postMessage(message: CoordinatorMessage): void
  onmessage: ((event: MessageEvent) => void) | null
  close(): void
}

export interface CoordinatorOptions {
  /** The account's: tabs of another account never coordinate. */
  name: string
  tab: string
  state: () => Omit<TabState, 'tab'>
  isOnQueue: (pathname: string) => boolean
  onAlert: (alert: CareAlert, delivery: Delivery) => void
  /** Another tab dismissed or followed this alert. */
  onSeen: (clave: string) => void
  locks?: LocksLike | null
  channel?: ChannelLike | null
}

export interface TabCoordinator {
  /** This tab heard news on its stream. */
  hear(alert: CareAlert): void
  /** This tab's visibility or screen changed. */
  update(): void
  /** The person saw this alert here (dismissed, followed): other tabs drop it too. */
  seen(clave: string): void
  close(): void
}

/** News remembered, so a copy heard late by another tab (or a replay) alerts no more. */
const REMEMBERED = 500

export function createTabCoordinator(options: CoordinatorOptions): TabCoordinator {
  const { name, tab, locks = null, channel = null } = options
  const remembered = new Set<string>()
  const others = new Map<string, TabState>()
  let isLeader = locks === null || channel === null
  let isClosed = false
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const tabLock = `${name}:tab:${tab}`

  const remember = (clave: string) => {
    remembered.add(clave)
    if (remembered.size > REMEMBERED) {
      const [oldest] = remembered
      if (oldest !== undefined) remembered.delete(oldest)
    }
  }
  const post = (message: CoordinatorMessage) => {
    if (!isClosed) channel?.postMessage(message)
  }
  const ownState = (): TabState => ({ tab, ...options.state() })

  async function openTabs(): Promise<TabState[]> {
    if (locks === null) return [ownState()]
    let alive: Set<string>
    try {
      const { held = [] } = await locks.query()
      alive = new Set(held.map((lock) => lock.name ?? ''))
    } catch {
      alive = new Set([...others.keys()].map((other) => `${name}:tab:${other}`))
    }
    for (const other of others.keys()) {
      if (!alive.has(`${name}:tab:${other}`)) others.delete(other)
    }
    return [ownState(), ...others.values()]
  }

  // Decisions are taken one after another, so two copies of one piece of news never race.
  let deciding = Promise.resolve()
  function decide(alert: CareAlert) {
    deciding = deciding.then(async () => {
      if (remembered.has(alert.clave) || isClosed) return
      remember(alert.clave)
      const tabs = await openTabs()
      const toneTab = toneTabOf(alert, tabs, tab, options.isOnQueue)
      if (alert.isForQueue && toneTab === null) return
      const isAnyTabVisible = tabs.some((state) => state.isVisible)
      post({ type: 'alert', alert, toneTab, isAnyTabVisible })
      options.onAlert(alert, { playsTone: toneTab === tab, isLeader: true, isAnyTabVisible })
    })
  }

  if (channel !== null) {
    channel.onmessage = (event) => {
      const message = event.data as CoordinatorMessage
      switch (message.type) {
        case 'heard':
          if (isLeader) decide(message.alert)
          break
        case 'state':
          others.set(message.state.tab, message.state)
          break
        case 'bye':
          others.delete(message.tab)
          break
        case 'who':
          post({ type: 'state', state: ownState() })
          break
        case 'alert':
          // Remembered by every tab: whoever leads next knows what was already told.
          if (remembered.has(message.alert.clave)) break
          remember(message.alert.clave)
          options.onAlert(message.alert, {
            playsTone: message.toneTab === tab,
            isLeader: false,
            isAnyTabVisible: message.isAnyTabVisible,
          })
          break
        case 'seen':
          options.onSeen(message.clave)
          break
      }
    }
  }

  if (locks !== null && channel !== null) {
    // Held for this tab's life: the leader counts the tabs still open by their locks.
    locks.request(tabLock, () => released).catch(() => undefined)
    locks
      .request(`${name}:leader`, () => {
        if (isClosed) return Promise.resolve()
        isLeader = true
        // Those that were open before this tab led: their state again.
        post({ type: 'who' })
        return released
      })
      .catch(() => undefined)
  }
  post({ type: 'state', state: ownState() })

  return {
    hear(alert) {
      if (remembered.has(alert.clave)) return
      if (isLeader) decide(alert)
      else post({ type: 'heard', alert })
    },
    update() {
      post({ type: 'state', state: ownState() })
    },
    seen(clave) {
      post({ type: 'seen', clave })
    },
    close() {
      post({ type: 'bye', tab })
      isClosed = true
      release()
      if (channel !== null) channel.onmessage = null
      channel?.close()
    },
  }
}
