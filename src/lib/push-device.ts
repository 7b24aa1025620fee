/**
 * This device's Web Push subscription ("Activar avisos"): subscribing with the server's VAPID
 * key, handing the subscription to the server with the session, and forgetting it on sign-out
 * and on the 401 wipe. A browser that cannot reach its push service never answers a subscribe:
 * it is given up after {@link SUSCRIPCION_TIMEOUT_MS} with a Spanish explanation.
 */
import { API_PATHS } from '../config/api-paths'
import { SW_MESSAGES, type PushSubscriptionChangedMessage } from '../config/sw-messages'
import type { ClaveAvisos } from '../contract/push'
import { SUSCRIPCION_TIMEOUT_MS } from '../contract/push-rules'
import { api } from './api'

/** True for a well-formed `PUSH_SUBSCRIPTION_CHANGED` message from the worker. */
export function isPushSubscriptionChangedMessage(
  data: unknown,
): data is PushSubscriptionChangedMessage {
  if (typeof data !== 'object' || data === null) return false
  const { type, anterior } = data as Partial<Record<keyof PushSubscriptionChangedMessage, unknown>>
  return (
    type === SW_MESSAGES.pushSubscriptionChanged &&
    (anterior === null || typeof anterior === 'string')
  )
}

/** Why "Activar avisos" did not work, in words for the person. */
export class PushSetupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PushSetupError'
  }
}

export const PUSH_MESSAGES = {
  denied:
    'No has dado permiso para mostrar avisos. Puedes darlo en los ajustes del navegador para este sitio.',
  unreachable:
    'Este navegador no consigue contactar con su servicio de avisos (puede que la red lo bloquee). Mientras tengas la aplicación abierta seguirás viendo los avisos en pantalla.',
  failed:
    'El navegador no ha podido activar los avisos. Mientras tengas la aplicación abierta seguirás viendo los avisos en pantalla.',
} as const

/** Where the device's push machinery lives; the browser's own by default. */
export interface PushPlatform {
  ready: () => Promise<Pick<ServiceWorkerRegistration, 'pushManager'>>
  requestPermission: () => Promise<NotificationPermission>
  permission: () => NotificationPermission
}

/** True when this browser has what Web Push needs (a worker, the Push API, notifications). */
export function hasPushApis(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  )
}

function browserPlatform(): PushPlatform {
  return {
    ready: () => navigator.serviceWorker.ready,
    requestPermission: () => Notification.requestPermission(),
    permission: () => Notification.permission,
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new PushSetupError(message))
    }, timeoutMs)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replaceAll('-', '+').replaceAll('_', '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey
  if (current === null) return false
  const bytes = new Uint8Array(current)
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index])
}

/** Hands the subscription to the server for the signed-in account (a shared device moves). */
async function register(subscription: PushSubscription): Promise<void> {
  await api.request(API_PATHS.avisosSuscripcion, { method: 'PUT', body: subscription.toJSON() })
}

/**
 * "Activar avisos": asks permission, subscribes with the server's key (again if the key changed)
 * and registers the subscription. Rejects with a {@link PushSetupError} to show as it is.
 */
export async function subscribeDevice(
  platform: PushPlatform = browserPlatform(),
  timeoutMs = SUSCRIPCION_TIMEOUT_MS,
): Promise<void> {
  if ((await platform.requestPermission()) !== 'granted') {
    throw new PushSetupError(PUSH_MESSAGES.denied)
  }
  const registration = await withTimeout(platform.ready(), timeoutMs, PUSH_MESSAGES.failed)
  const { clave } = await api.request<ClaveAvisos>(API_PATHS.avisosClave)
  const key = keyBytes(clave)
  let subscription = await registration.pushManager.getSubscription()
  if (subscription !== null && !sameKey(subscription, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  if (subscription === null) {
    try {
      subscription = await withTimeout(
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
        timeoutMs,
        PUSH_MESSAGES.unreachable,
      )
    } catch (error) {
      throw error instanceof PushSetupError ? error : new PushSetupError(PUSH_MESSAGES.failed)
    }
  }
  await register(subscription)
}

/** This device's subscription, or null (no push support, no worker yet, none made). */
export async function currentSubscription(
  platform: PushPlatform = browserPlatform(),
): Promise<PushSubscription | null> {
  if (!hasPushApis()) return null
  try {
    const registration = await withTimeout(platform.ready(), 3_000, PUSH_MESSAGES.failed)
    return await registration.pushManager.getSubscription()
  } catch {
    return null
  }
}

/**
 * Tells the server this device is the signed-in account's (on a screen's start, and after the
 * worker renewed the subscription): a shared device follows whoever signed in last. Resolves
 * whether the device is subscribed.
 */
export async function syncDevice(
  previousEndpoint: string | null = null,
  platform: PushPlatform = browserPlatform(),
): Promise<boolean> {
  if (previousEndpoint !== null) await forgetEndpoint(previousEndpoint)
  if (!hasPushApis() || platform.permission() !== 'granted') return false
  const subscription = await currentSubscription(platform)
  if (subscription === null) return false
  await register(subscription)
  return true
}

async function forgetEndpoint(endpoint: string): Promise<void> {
  await api.request(API_PATHS.avisosSuscripcion, { method: 'DELETE', body: { endpoint } })
}

/**
 * Sign-out and the 401 wipe: the server forgets this device (the endpoint alone is enough, the
 * session may be gone) and the browser drops the subscription. Never rejects.
 */
export async function forgetDevice(platform: PushPlatform = browserPlatform()): Promise<void> {
  const subscription = await currentSubscription(platform)
  if (subscription === null) return
  await Promise.allSettled([forgetEndpoint(subscription.endpoint), subscription.unsubscribe()])
}

/** "Información técnica": the state of alerts on this device, in words. */
export async function describePushState(
  platform: PushPlatform = browserPlatform(),
): Promise<string> {
  if (!hasPushApis()) return 'no disponibles en este navegador'
  const permission = platform.permission()
  if (permission === 'denied') return 'permiso denegado'
  const subscription = await currentSubscription(platform)
  if (subscription === null) return 'no activados'
  return `activados (${new URL(subscription.endpoint).host})`
}

/**
 * Whether this device holds a push subscription, at once: the worker then shows the pushed
 * notification of each alert, and the page shows none of its own (src/contract/alert-rules.ts).
 */
export async function isDeviceSubscribed(): Promise<boolean> {
  if (!hasPushApis()) return false
  try {
    const registration = await navigator.serviceWorker.getRegistration()
    return (await registration?.pushManager.getSubscription()) != null
  } catch {
    return false
  }
}
