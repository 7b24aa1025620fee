/**
 * Web Push in the worker: shows what the server pushed (one notification per consultation: a
 * repeat replaces it through its `tag`), opens or focuses the pushed screen of the right hospital
 * when it is pressed, and subscribes again when the browser renews the subscription. The texts
 * come from the server and name no patient; nothing here adds any. Every push is shown (browsers
 * require it): an open page therefore shows no notification of its own for news this device is
 * subscribed to (`quienNotifica`, src/contract/alert-rules.ts).
 */
import { SW_MESSAGES, type PushSubscriptionChangedMessage } from '../config/sw-messages'
import { tenantIconUrl } from '../contract/icons'
import type { AvisoPush } from '../contract/push'
import { TIPOS_AVISO } from '../contract/push-rules'
import { tenantFromPathname } from '../contract/tenants'

/** What a notification carries for its press. */
export interface AvisoNotificationData {
  url: string
  tenant: string
}

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max

/** The pushed alert, or null when the message is not one (pushes are checked, never trusted). */
export function parseAviso(data: unknown): AvisoPush | null {
  if (typeof data !== 'object' || data === null) return null
  const aviso = data as Partial<Record<keyof AvisoPush, unknown>>
  if (
    !(TIPOS_AVISO as readonly unknown[]).includes(aviso.tipo) ||
    !isText(aviso.titulo, 200) ||
    !isText(aviso.cuerpo, 200) ||
    !isText(aviso.tenant, 100) ||
    !isText(aviso.url, 300) ||
    !isText(aviso.tag, 100)
  ) {
    return null
  }
  // Only a screen of the hospital it names: never another origin, never another hospital.
  if (!aviso.url.startsWith('/') || tenantFromPathname(aviso.url) !== aviso.tenant) return null
  return aviso as AvisoPush
}

/** The notification an alert shows. */
export function notificationOf(aviso: AvisoPush): { title: string; options: NotificationOptions } {
  const data: AvisoNotificationData = { url: aviso.url, tenant: aviso.tenant }
  return {
    title: aviso.titulo,
    options: {
      body: aviso.cuerpo,
      tag: aviso.tag,
      lang: 'es',
      icon: tenantIconUrl(aviso.tenant, 'icon-192'),
      data,
      // `renotify` is not in TypeScript's lib yet: a repeat of one consultation alerts again.
      ...({ renotify: true } as NotificationOptions),
    },
  }
}

/** Reads a push event's JSON body; null when it has none or it is not JSON. */
export function readPushData(data: Pick<PushMessageData, 'json'> | null): unknown {
  try {
    return data?.json() ?? null
  } catch {
    return null
  }
}

/**
 * `push`: shows the alert. A push the worker cannot read still shows a general notification
 * (browsers require one for every push, and would otherwise show their own).
 */
export async function showPushNotification(
  registration: Pick<ServiceWorkerRegistration, 'showNotification'>,
  data: unknown,
): Promise<void> {
  const aviso = parseAviso(data)
  if (aviso === null) {
    await registration.showNotification('Clínica', { body: 'Tienes un aviso nuevo', lang: 'es' })
    return
  }
  const { title, options } = notificationOf(aviso)
  await registration.showNotification(title, options)
}

interface WindowLike {
  url: string
  focused?: boolean
  focus(): Promise<unknown>
  navigate?(url: string): Promise<unknown>
}

export interface ClientsLike {
  matchAll(options: {
    type: 'window'
    includeUncontrolled: boolean
  }): Promise<readonly WindowLike[]>
  openWindow(url: string): Promise<unknown>
}

/**
 * `notificationclick`: focuses a window already on the screen; else takes a window of the same
 * hospital there; else opens one. Anything but a path of this origin opens the origin's root.
 */
export async function openNotificationTarget(
  clients: ClientsLike,
  data: unknown,
  origin: string,
): Promise<void> {
  const path =
    typeof data === 'object' &&
    data !== null &&
    typeof (data as AvisoNotificationData).url === 'string'
      ? (data as AvisoNotificationData).url
      : '/'
  const target = new URL(path, origin)
  const url = target.origin === origin ? target.href : `${origin}/`
  const tenant = tenantFromPathname(new URL(url).pathname)
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true })
  const same = windows.find((client) => client.url === url)
  if (same !== undefined) {
    await same.focus()
    return
  }
  const ofHospital = windows.find(
    (client) =>
      client.navigate !== undefined &&
      new URL(client.url).origin === origin &&
      tenant !== null &&
      tenantFromPathname(new URL(client.url).pathname) === tenant,
  )
  if (ofHospital?.navigate !== undefined) {
    // Navigated first: focusing can be refused (no user gesture), the screen must change anyway.
    await ofHospital.navigate(url)
    await ofHospital.focus().catch(() => undefined)
    return
  }
  await clients.openWindow(url)
}

/**
 * `pushsubscriptionchange`: subscribes again with the same server key, and tells open pages so
 * they hand the new subscription to the server with their session (the worker has none). A
 * page opened later does the same on its own.
 */
export async function renewSubscription(
  pushManager: Pick<PushManager, 'subscribe' | 'getSubscription'>,
  event: { oldSubscription?: PushSubscription | null },
  clients: {
    matchAll(options: {
      type: 'window'
    }): Promise<readonly { postMessage(message: unknown): void }[]>
  },
): Promise<void> {
  const key = event.oldSubscription?.options.applicationServerKey ?? null
  if ((await pushManager.getSubscription()) === null && key !== null) {
    await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  }
  const message: PushSubscriptionChangedMessage = {
    type: SW_MESSAGES.pushSubscriptionChanged,
    anterior: event.oldSubscription?.endpoint ?? null,
  }
  for (const client of await clients.matchAll({ type: 'window' })) client.postMessage(message)
}
