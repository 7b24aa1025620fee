import { describe, expect, test, vi } from 'vitest'
import {
  notificationOf,
  openNotificationTarget,
  parseAviso,
  readPushData,
  renewSubscription,
  showPushNotification,
} from './push-notifications'

const ORIGIN = 'https://clinica.example'
const AVISO = {
  tipo: 'mensaje',
  titulo: 'Hospital Central',
  cuerpo: 'Tienes un mensaje nuevo',
  tenant: 'hospital-central',
  url: '/hospital-central/atencion-asistencia/a1',
  tag: 'asistencia-a1',
}

function fakeWindow(url: string, navigable = true) {
  return {
    url,
    focus: vi.fn(() => Promise.resolve()),
    ...(navigable ? { navigate: vi.fn(() => Promise.resolve()) } : {}),
  }
}

function fakeClients(windows: ReturnType<typeof fakeWindow>[]) {
  return {
    matchAll: vi.fn(() => Promise.resolve(windows)),
    openWindow: vi.fn(() => Promise.resolve(null)),
  }
}

describe('push', () => {
  test('shows the alert with its consultation’s tag, and the screen to open', async () => {
    const registration = { showNotification: vi.fn(() => Promise.resolve()) }
    await showPushNotification(registration, AVISO)
    expect(registration.showNotification).toHaveBeenCalledWith(
      'Hospital Central',
      expect.objectContaining({
        body: 'Tienes un mensaje nuevo',
        tag: 'asistencia-a1',
        data: { url: AVISO.url, tenant: 'hospital-central' },
      }),
    )
  })

  test.each([
    ['another origin', { ...AVISO, url: 'https://evil.example/x' }],
    ['a protocol-relative URL', { ...AVISO, url: '//evil.example/x' }],
    ['another hospital', { ...AVISO, url: '/clinica-norte/profesional' }],
    ['an unknown kind', { ...AVISO, tipo: 'otro' }],
    ['no object', 'hola'],
  ])('refuses a push with %s, showing a general notification instead', async (_, data) => {
    expect(parseAviso(data)).toBeNull()
    const registration = { showNotification: vi.fn(() => Promise.resolve()) }
    await showPushNotification(registration, data)
    expect(registration.showNotification).toHaveBeenCalledWith('Clínica', {
      body: 'Tienes un aviso nuevo',
      lang: 'es',
    })
  })

  test('reads a body that is not JSON as nothing', () => {
    expect(
      readPushData({
        json: () => {
          throw new SyntaxError('bad')
        },
      }),
    ).toBeNull()
    expect(readPushData(null)).toBeNull()
  })

  test('uses the hospital’s own icon', () => {
    expect(notificationOf(AVISO as never).options.icon).toBe(
      '/hospital-central/iconos/icon-192.png',
    )
  })
})

describe('notificationclick', () => {
  const data = { url: AVISO.url, tenant: AVISO.tenant }

  test('focuses a window already on that screen', async () => {
    const on = fakeWindow(`${ORIGIN}${AVISO.url}`)
    const clients = fakeClients([fakeWindow(`${ORIGIN}/hospital-central/cliente`), on])
    await openNotificationTarget(clients, data, ORIGIN)
    expect(on.focus).toHaveBeenCalled()
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  test('takes a window of the same hospital to the screen', async () => {
    const other = fakeWindow(`${ORIGIN}/clinica-norte/cliente`)
    const same = fakeWindow(`${ORIGIN}/hospital-central/cliente`)
    const clients = fakeClients([other, same])
    await openNotificationTarget(clients, data, ORIGIN)
    expect(same.navigate).toHaveBeenCalledWith(`${ORIGIN}${AVISO.url}`)
    expect(other.navigate).not.toHaveBeenCalled()
  })

  test('opens a window when none of that hospital is open; never another origin', async () => {
    const clients = fakeClients([fakeWindow(`${ORIGIN}/clinica-norte/cliente`)])
    await openNotificationTarget(clients, data, ORIGIN)
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}${AVISO.url}`)
    const none = fakeClients([])
    await openNotificationTarget(none, { url: 'https://evil.example/' }, ORIGIN)
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`)
  })
})

describe('pushsubscriptionchange', () => {
  test('subscribes again with the same key and tells the open pages', async () => {
    const key = new Uint8Array([4, 1, 2]).buffer
    const pushManager = {
      getSubscription: vi.fn(() => Promise.resolve(null)),
      subscribe: vi.fn(() => Promise.resolve({} as PushSubscription)),
    }
    const page = { postMessage: vi.fn() }
    await renewSubscription(
      pushManager,
      {
        oldSubscription: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/old',
          options: { applicationServerKey: key, userVisibleOnly: true },
        } as PushSubscription,
      },
      { matchAll: () => Promise.resolve([page]) },
    )
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: key,
    })
    expect(page.postMessage).toHaveBeenCalledWith({
      type: 'PUSH_SUBSCRIPTION_CHANGED',
      anterior: 'https://fcm.googleapis.com/fcm/send/old',
    })
  })
})
