/**
 * Web Push in a real Chromium. Chromium cannot reach Google's push service here, so the two
 * halves are proven apart: a push handed to the worker through the DevTools protocol shows a
 * notification that names no patient and whose press opens its screen; and "Activar avisos",
 * with `PushManager.prototype.subscribe` answering a subscription of the test's own push service,
 * brings a new request's alert there, signed and encrypted for the keys the test holds.
 */
import { randomUUID } from 'node:crypto'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import {
  startTestPushService,
  type TestPushService,
  type TestSubscription,
} from '../../../server/testing/push-service'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { PUSH_SERVICE_HOST } from '../../utils/push'
import { E2E_PORT } from '../../utils/mail'
import { signIn } from '../../utils/sign-in'
import { waitForControllingWorker } from '../../utils/service-worker'

const TENANT = DEMO_ACCOUNT.tenant
const PROFESIONAL = `profesional@${TENANT}.es`

let service: TestPushService

test.beforeAll(async () => {
  service = await startTestPushService({ host: PUSH_SERVICE_HOST, port: E2E_PORT })
})
test.afterAll(async () => {
  await service.close()
})

async function signedIn(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage()
  await signIn(page, TENANT, email, DEMO_ACCOUNT.password)
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  return page
}

interface ShownNotification {
  title: string
  body: string
  tag: string
  data: unknown
}

function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data: data as unknown,
    }))
  })
}

test('a pushed alert shows a notification naming no patient, and its press opens its screen', async ({
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL })
  const page = await signedIn(context, DEMO_ACCOUNT.email)
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/cliente$`))
  await waitForControllingWorker(page)

  const cdp = await context.newCDPSession(page)
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const id = randomUUID()
  const alert = {
    tipo: 'atendida',
    titulo: 'Hospital Central',
    cuerpo: 'Un profesional ha empezado a atenderte',
    tenant: TENANT,
    url: `/${TENANT}/atencion-asistencia/${id}`,
    tag: `asistencia-${id}`,
  }
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL ?? '').origin,
    registrationId: await registered,
    data: JSON.stringify(alert),
  })

  await expect.poll(() => shownNotifications(page)).toHaveLength(1)
  const [shown] = await shownNotifications(page)
  expect(shown).toEqual({
    title: 'Hospital Central',
    body: 'Un profesional ha empezado a atenderte',
    tag: `asistencia-${id}`,
    data: { url: alert.url, tenant: TENANT },
  })
  expect(JSON.stringify(shown)).not.toContain('Lucía')

  // A second push of the same consultation replaces the first (its tag), never piles up.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL ?? '').origin,
    registrationId: await registered,
    data: JSON.stringify({ ...alert, tipo: 'mensaje', cuerpo: 'Tienes un mensaje nuevo' }),
  })
  await expect
    .poll(async () => (await shownNotifications(page)).map((notification) => notification.body))
    .toEqual(['Tienes un mensaje nuevo'])

  // The press, as the browser would dispatch it: the open window of this hospital goes there.
  const [worker] = context.serviceWorkers()
  if (!worker) throw new Error('No service worker')
  await worker.evaluate(async () => {
    // Worker globals, which the DOM types of this file do not know.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration
      dispatchEvent(event: Event): boolean
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
    }
    const [notification] = await scope.registration.getNotifications()
    if (!notification) throw new Error('No notification')
    const event = new scope.NotificationEvent('notificationclick', { notification })
    const extensions: Promise<unknown>[] = []
    // A synthetic event refuses waitUntil: collect what the handler waits for instead.
    Object.defineProperty(event, 'waitUntil', {
      value: (promise: Promise<unknown>) => extensions.push(promise),
    })
    scope.dispatchEvent(event)
    await Promise.all(extensions)
  })
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/atencion-asistencia/${id}$`))
})

/** Makes `PushManager` answer with `subscription` (Chromium here cannot reach its own service). */
async function stubPushManager(context: BrowserContext, subscription: TestSubscription) {
  await context.addInitScript((stub: TestSubscription) => {
    let current: PushSubscription | null = null
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey
      current = {
        endpoint: stub.endpoint,
        expirationTime: null,
        options: { applicationServerKey: key, userVisibleOnly: true },
        toJSON: () => ({ endpoint: stub.endpoint, expirationTime: null, keys: stub.keys }),
        unsubscribe: () => {
          current = null
          return Promise.resolve(true)
        },
      } as unknown as PushSubscription
      return Promise.resolve(current)
    }
    PushManager.prototype.getSubscription = () => Promise.resolve(current)
  }, subscription)
}

test('"Activar avisos" subscribes the queue, a new immediate request is pushed to it, sign-out forgets it', async ({
  context,
  baseURL,
  request,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL })
  const device = service.subscribe()
  await stubPushManager(context, device)
  const page = await signedIn(context, PROFESIONAL)
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/profesional$`))
  await waitForControllingWorker(page)

  await page.getByRole('button', { name: 'Activar avisos' }).click()
  await expect(page.getByText('Avisos activados en este dispositivo.')).toBeVisible()

  const terms = (await (await request.get(`/api/terminos?tenant=${TENANT}`)).json()) as {
    vigentes: { version: number } | null
  }
  const motivo = `Dolor en el pecho desde hace 20 minutos ${String(Date.now())}`
  const created = await request.post('/api/asistencias/inmediata', {
    data: {
      id: randomUUID(),
      tenant: TENANT,
      nombre: 'Lucía Invitada',
      contacto: '+34 600 123 456',
      motivo,
      acepta_terminos: true,
      ...(terms.vigentes === null ? {} : { terminos_version: terms.vigentes.version }),
    },
  })
  expect(created.status()).toBe(201)

  const deviceId = device.endpoint.split('/').pop()
  const push = await service.next((received) => received.device === deviceId)
  expect(push.payload).toEqual({
    tipo: 'nueva_solicitud',
    titulo: 'Hospital Central',
    cuerpo: 'Nueva solicitud de asistencia',
    tenant: TENANT,
    url: `/${TENANT}/profesional`,
    tag: expect.stringMatching(/^asistencia-/) as unknown,
  })
  expect(JSON.stringify(push.payload)).not.toMatch(/Lucía|Dolor|600/)
  expect(push.claims.aud).toBe(service.origin)

  const forgotten = page.waitForRequest(
    (sent) => sent.method() === 'DELETE' && sent.url().endsWith('/api/avisos/suscripcion'),
  )
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  expect((await forgotten).postDataJSON()).toEqual({ endpoint: device.endpoint })
})

test('where the browser cannot subscribe, "Activar avisos" says why in Spanish', async ({
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL })
  const page = await signedIn(context, DEMO_ACCOUNT.email)
  await waitForControllingWorker(page)
  await page.getByRole('button', { name: 'Activar avisos' }).click()
  await expect(page.getByRole('alert')).toContainText(
    /no ha podido activar los avisos|no consigue contactar con su servicio de avisos/,
  )
})
