/**
 * Photos that get through on a phone: a 12-megapixel camera photo on a slow 3G link is shrunk on
 * the phone (≤ 1,600 px, upright, no EXIF) and shows its progress; an upload cut off says so by
 * the photo with "Reintentar", which sends it; a photo taken offline waits in the outbox with
 * its request and goes once the connection is back.
 */
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test'
import sharp from 'sharp'
import { cameraPhoto, PHONE_NETWORK } from '../../utils/camera-photo'
import { DEMO_ACCOUNT } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
const LADO_MAX = 1600
const smallPhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer()

interface Record {
  id: string
  motivo: string
  fotos: string[]
}

async function readToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'))
  if (token === null) throw new Error('Not signed in')
  return token
}

async function openRequests(request: APIRequestContext, token: string): Promise<Record[]> {
  const answer = await request.get('/api/asistencias', {
    headers: { 'X-Authorization': `Bearer ${token}` },
  })
  return (await answer.json()) as Record[]
}

const isPhotoUpload = (request: Request) =>
  request.method() === 'POST' && /\/api\/asistencias\/[^/]+\/fotos$/.test(request.url())

test('a camera photo is shrunk on the phone, shows its progress, and gets through', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const context = await browser.newContext(PHONE)
  const page = await context.newPage()
  const opened: string[] = []
  try {
    await page.goto(`/${TENANT}/login`)
    await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
    await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
    const token = await readToken(page)
    const headers = { 'X-Authorization': `Bearer ${token}` }

    // The second upload is cut off once, as a dropped mobile connection would.
    let uploads = 0
    await page.route(/\/api\/asistencias\/[^/]+\/fotos$/, async (route) => {
      uploads += 1
      await (uploads === 2 ? route.abort('connectionreset') : route.continue())
    })
    const sent: Request[] = []
    page.on('requestfinished', (request) => {
      if (isPhotoUpload(request)) sent.push(request)
    })

    await page.goto(`/${TENANT}/solicitar-asistencia`)
    const motivo = `Mancha en el brazo ${String(Date.now())}`
    await page.getByLabel('Motivo').fill(motivo)
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Añadir fotos' }).click()
    const camera = await cameraPhoto()
    await (
      await chooser
    ).setFiles([
      { name: 'camara.jpg', mimeType: 'image/jpeg', buffer: camera },
      { name: 'detalle.jpg', mimeType: 'image/jpeg', buffer: await smallPhoto() },
    ])
    await expect(page.getByRole('img', { name: 'Foto 2: detalle.jpg' })).toBeVisible()

    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK)
    await page.getByRole('button', { name: 'Solicitar asistencia' }).click()

    // Its progress shows while it goes out.
    await expect(page.getByRole('progressbar', { name: 'Enviando foto 1' })).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByText(/Enviando… \d+ %/)).toBeVisible()
    // The second was cut off: it says so by itself, and the form stays.
    const retry = page.getByRole('button', { name: 'Reintentar' })
    await expect(retry).toBeVisible({ timeout: 60_000 })
    await expect(page.getByText(/No se ha podido enviar la foto 2/)).toBeVisible()
    await expect(page.getByText('Enviada')).toBeVisible()
    await retry.click()
    await expect(page.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible({
      timeout: 30_000,
    })
    await cdp.send('Network.emulateNetworkConditions', {
      ...PHONE_NETWORK,
      downloadThroughput: -1,
      uploadThroughput: -1,
      latency: 0,
    })
    const id = new URL(page.url()).pathname.split('/').pop() ?? ''
    opened.push(id)

    // What left the phone was the shrunk photo, not the camera's 4.4 MB.
    const [first] = sent
    if (first === undefined) throw new Error('No upload finished')
    const { requestBodySize } = await first.sizes()
    expect(requestBodySize).toBeGreaterThan(0)
    expect(requestBodySize).toBeLessThan(camera.length / 4)
    test.info().annotations.push({
      type: 'photo bytes sent',
      description: `${String(camera.length)} taken, ${String(requestBodySize)} sent`,
    })

    // The server holds both: the camera photo upright, at most 1,600 px, without EXIF.
    const record = (await (
      await page.request.get(`/api/asistencias/${id}`, { headers })
    ).json()) as Record
    expect(record.fotos).toHaveLength(2)
    const stored = await page.request.get(record.fotos[0] ?? '', { headers })
    const metadata = await sharp(await stored.body()).metadata()
    expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(LADO_MAX)
    // Turned upright: taller than wide, as the camera's orientation tag said.
    expect(metadata.height).toBeGreaterThan(metadata.width)
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()

    // Offline, a request and its photo wait in the outbox, and go once the connection is back.
    // Both screens load while online (the worker, which would keep them, is off in this test).
    await page.goto(`/${TENANT}/cliente`)
    await page.getByRole('link', { name: 'Solicitar asistencia' }).first().click()
    const offlineMotivo = `Foto sin conexión ${String(Date.now())}`
    await page.getByLabel('Motivo').fill(offlineMotivo)
    const offlineChooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Añadir fotos' }).click()
    await (
      await offlineChooser
    ).setFiles({ name: 'tobillo.jpg', mimeType: 'image/jpeg', buffer: await smallPhoto() })
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Solicitar asistencia' }).click()
    await expect(page.getByText('Pendiente de envío').first()).toBeVisible()
    await context.setOffline(false)
    await expect
      .poll(
        async () =>
          (await openRequests(page.request, token)).find((open) => open.motivo === offlineMotivo)
            ?.fotos.length ?? 0,
        { timeout: 30_000 },
      )
      .toBe(1)
    const offline = (await openRequests(page.request, token)).find(
      (open) => open.motivo === offlineMotivo,
    )
    if (offline) opened.push(offline.id)
  } finally {
    // The demo patient holds at most three open requests: end the ones opened here.
    const token = await readToken(page).catch(() => null)
    if (token !== null) {
      for (const id of opened) {
        await page.request.post(`/api/asistencias/${id}/cancelar`, {
          headers: { 'X-Authorization': `Bearer ${token}` },
        })
      }
    }
    await context.close()
  }
})
