import { describe, expect, it } from 'vitest'
import type { CareAlert } from './alert-of-event'
import {
  createTabCoordinator,
  toneTabOf,
  type ChannelLike,
  type CoordinatorMessage,
  type Delivery,
  type LocksLike,
  type TabCoordinator,
  type TabState,
} from './tab-coordinator'

/** Web Locks of one browser: a lock goes to the first who asks, then to the next in line. */
function fakeLocks(): LocksLike {
  const held = new Set<string>()
  const waiting = new Map<string, (() => void)[]>()
  return {
    request(name, callback) {
      return new Promise<void>((resolve) => {
        const grant = () => {
          held.add(name)
          void callback().then(() => {
            held.delete(name)
            resolve()
            waiting.get(name)?.shift()?.()
          })
        }
        if (held.has(name)) waiting.set(name, [...(waiting.get(name) ?? []), grant])
        else grant()
      })
    },
    query: () => Promise.resolve({ held: [...held].map((name) => ({ name })) }),
  }
}

/** BroadcastChannel of one browser: a message reaches every other channel of its name, later. */
function fakeChannels() {
  const open = new Set<ChannelLike>()
  const queue: { from: ChannelLike; message: CoordinatorMessage }[] = []
  return {
    create(): ChannelLike {
      const channel: ChannelLike = {
        onmessage: null,
        postMessage(message) {
          queue.push({ from: channel, message: structuredClone(message) })
        },
        close() {
          open.delete(channel)
        },
      }
      open.add(channel)
      return channel
    },
    /** Delivers every message, and those they lead to, until the tabs have nothing more to say. */
    async settle() {
      for (let round = 0; round < 50; round++) {
        await new Promise((resolve) => setTimeout(resolve, 0))
        if (queue.length === 0) return
        for (const { from, message } of queue.splice(0)) {
          for (const channel of open) {
            if (channel !== from) channel.onmessage?.({ data: message } as MessageEvent)
          }
        }
      }
      throw new Error('The tabs never stopped talking')
    },
  }
}

const NEWS: CareAlert = {
  clave: 'mensaje:m1',
  tipo: 'mensaje',
  tenant: 'hospital-central',
  asistenciaId: 'a1',
  isUrgent: false,
  isPushed: true,
  isForQueue: false,
  texto: 'Tienes un mensaje nuevo',
}

interface OpenTab {
  tab: string
  received: Delivery[]
  seen: string[]
  coordinator: TabCoordinator
  current: Omit<TabState, 'tab'>
}

function browser() {
  const locks = fakeLocks()
  const channels = fakeChannels()
  const tabs: OpenTab[] = []
  function openTab(tab: string, state: Omit<TabState, 'tab'>): OpenTab {
    const received: Delivery[] = []
    const seen: string[] = []
    const current = { ...state }
    const coordinator = createTabCoordinator({
      name: 'clinica-avisos:hospital-central:1',
      tab,
      state: () => current,
      isOnQueue: (pathname) => pathname === '/hospital-central/profesional',
      onAlert: (_alert, delivery) => received.push(delivery),
      onSeen: (clave) => seen.push(clave),
      locks,
      channel: channels.create(),
    })
    const handle = { tab, received, seen, coordinator, current }
    tabs.push(handle)
    return handle
  }
  const tones = () => tabs.flatMap((tab) => tab.received.filter((entry) => entry.playsTone))
  return { openTab, settle: () => channels.settle(), tones }
}

const HOME = { pathname: '/hospital-central/cliente' }

describe('createTabCoordinator', () => {
  it('alerts every tab once and plays one tone, whichever tab hears the news first', async () => {
    const { openTab, settle, tones } = browser()
    const first = openTab('a', { isVisible: true, ...HOME })
    const second = openTab('b', { isVisible: true, ...HOME })
    await settle()

    // Both streams bring it at once, then again (a replay after reconnecting).
    second.coordinator.hear(NEWS)
    first.coordinator.hear(NEWS)
    await settle()
    first.coordinator.hear(NEWS)
    second.coordinator.hear(NEWS)
    await settle()

    expect(first.received).toHaveLength(1)
    expect(second.received).toHaveLength(1)
    expect(tones()).toHaveLength(1)
    // Only one tab may show a system notification: the leader.
    expect([...first.received, ...second.received].filter((entry) => entry.isLeader)).toEqual([
      { playsTone: true, isLeader: true, isAnyTabVisible: true },
    ])
  })

  it('plays the tone in the tab in view, not in a leader out of view', async () => {
    const { openTab, settle } = browser()
    const leader = openTab('a', { isVisible: false, ...HOME })
    const inView = openTab('b', { isVisible: true, ...HOME })
    await settle()
    leader.coordinator.hear(NEWS)
    await settle()
    expect(leader.received).toEqual([{ playsTone: false, isLeader: true, isAnyTabVisible: true }])
    expect(inView.received).toEqual([{ playsTone: true, isLeader: false, isAnyTabVisible: true }])
  })

  it('leaves tone and notification to the leader when no tab is in view', async () => {
    const { openTab, settle } = browser()
    const leader = openTab('a', { isVisible: true, ...HOME })
    const other = openTab('b', { isVisible: false, ...HOME })
    await settle()
    leader.current.isVisible = false
    leader.coordinator.update()
    other.coordinator.hear(NEWS)
    await settle()
    expect(leader.received).toEqual([{ playsTone: true, isLeader: true, isAnyTabVisible: false }])
    expect(other.received).toEqual([{ playsTone: false, isLeader: false, isAnyTabVisible: false }])
  })

  it("announces the queue's own news only where the queue is open", async () => {
    const { openTab, settle } = browser()
    const home = openTab('a', { isVisible: true, pathname: '/hospital-central/referidos' })
    const queueNews = { ...NEWS, clave: 'nueva_solicitud:a2', isForQueue: true }
    home.coordinator.hear(queueNews)
    await settle()
    expect(home.received).toEqual([])

    const queue = openTab('b', { isVisible: false, pathname: '/hospital-central/profesional' })
    await settle()
    home.coordinator.hear({ ...queueNews, clave: 'nueva_solicitud:a3' })
    await settle()
    expect(queue.received).toEqual([{ playsTone: true, isLeader: false, isAnyTabVisible: true }])
  })

  it('hands the lead to the next tab when the leader closes, without repeating news', async () => {
    const { openTab, settle, tones } = browser()
    const leader = openTab('a', { isVisible: true, ...HOME })
    const next = openTab('b', { isVisible: true, ...HOME })
    await settle()
    leader.coordinator.hear(NEWS)
    await settle()
    leader.coordinator.close()
    await settle()

    next.coordinator.hear(NEWS)
    next.coordinator.hear({ ...NEWS, clave: 'mensaje:m2' })
    await settle()
    expect(next.received.map((entry) => entry.isLeader)).toEqual([false, true])
    expect(tones()).toHaveLength(2)
  })

  it('drops in every tab an alert the person saw in one', async () => {
    const { openTab, settle } = browser()
    const first = openTab('a', { isVisible: true, ...HOME })
    const second = openTab('b', { isVisible: true, ...HOME })
    await settle()
    first.coordinator.seen(NEWS.clave)
    await settle()
    expect(second.seen).toEqual([NEWS.clave])
  })

  it('acts alone without Web Locks or BroadcastChannel', async () => {
    const received: Delivery[] = []
    const alone = createTabCoordinator({
      name: 'x',
      tab: 'a',
      state: () => ({ isVisible: false, ...HOME }),
      isOnQueue: () => false,
      onAlert: (_alert, delivery) => received.push(delivery),
      onSeen: () => undefined,
    })
    alone.hear(NEWS)
    alone.hear(NEWS)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(received).toEqual([{ playsTone: true, isLeader: true, isAnyTabVisible: false }])
  })
})

describe('toneTabOf', () => {
  const tabs: TabState[] = [
    { tab: 'a', isVisible: false, pathname: '/hospital-central/profesional' },
    { tab: 'b', isVisible: true, pathname: '/hospital-central/referidos' },
  ]
  const onQueue = (pathname: string) => pathname.endsWith('/profesional')
  it('prefers a tab in view, and for the queue a tab that shows it', () => {
    expect(toneTabOf(NEWS, tabs, 'a', onQueue)).toBe('b')
    expect(toneTabOf({ ...NEWS, isForQueue: true }, tabs, 'b', onQueue)).toBe('a')
    expect(toneTabOf({ ...NEWS, isForQueue: true }, tabs.slice(1), 'b', onQueue)).toBeNull()
  })
})
