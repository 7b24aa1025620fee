import { afterEach, describe, expect, test, vi } from 'vitest'
import { PUSH_MESSAGES, PushSetupError, subscribeDevice, type PushPlatform } from './push-device'

const request = vi.hoisted(() => vi.fn())
vi.mock('./api', () => ({ api: { request } }))

const KEY =
  'BKmDlVL6Fh1eKpDMYPDQbMv3GzQ3EVPzbg0xRNJZyuSdXifa0weUK3VPOixiwEHOKEkwSYKbUCjoVEJt9dNHz5E'

function platform(
  subscribe: () => Promise<PushSubscription>,
  permission: NotificationPermission = 'granted',
): PushPlatform {
  return {
    requestPermission: () => Promise.resolve(permission),
    permission: () => permission,
    ready: () =>
      Promise.resolve({
        pushManager: {
          getSubscription: () => Promise.resolve(null),
          subscribe,
        } as unknown as PushManager,
      }),
  }
}

afterEach(() => {
  vi.useRealTimers()
  request.mockReset()
})

describe('subscribeDevice', () => {
  test('subscribes with the server key and hands the subscription to the server', async () => {
    request.mockImplementation((path: string) =>
      Promise.resolve(path === '/api/avisos/clave' ? { clave: KEY } : undefined),
    )
    const json = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys: { p256dh: 'p', auth: 'a' },
    }
    const subscribe = vi.fn(() =>
      Promise.resolve({ toJSON: () => json } as unknown as PushSubscription),
    )
    await subscribeDevice(platform(subscribe))
    const [[options]] = subscribe.mock.calls as unknown as [[PushSubscriptionOptionsInit]]
    expect(options.userVisibleOnly).toBe(true)
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(KEY)
    expect(request).toHaveBeenLastCalledWith('/api/avisos/suscripcion', {
      method: 'PUT',
      body: json,
    })
  })

  test('gives up on a push service that never answers, saying so in Spanish', async () => {
    vi.useFakeTimers()
    request.mockResolvedValue({ clave: KEY })
    const outcome = subscribeDevice(
      platform(() => new Promise(() => undefined)),
      15_000,
    )
    const settled = expect(outcome).rejects.toThrow(PUSH_MESSAGES.unreachable)
    await vi.advanceTimersByTimeAsync(15_000)
    await settled
    expect(request).not.toHaveBeenCalledWith('/api/avisos/suscripcion', expect.anything())
  })

  test('explains a refused permission and a failed subscribe', async () => {
    request.mockResolvedValue({ clave: KEY })
    await expect(subscribeDevice(platform(vi.fn(), 'denied'))).rejects.toThrow(PUSH_MESSAGES.denied)
    const failing = subscribeDevice(
      platform(() => Promise.reject(new DOMException('Registration failed - permission denied'))),
    )
    await expect(failing).rejects.toBeInstanceOf(PushSetupError)
    await expect(failing).rejects.toThrow(PUSH_MESSAGES.failed)
  })
})
