/**
 * A logo near the 1 MB limit from a slow phone connection: the upload takes longer than the
 * client's deadline in all, but keeps moving, so it goes through (the deadline is on silence, not
 * on the whole upload), and the screen says it was uploaded rather than "Sin conexión".
 */
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { createAccount, productAdminHeaders, uniqueEmail } from '../../utils/admin-api'

test.use({ serviceWorkers: 'block' })

// 48 KB/s up, as a weak mobile connection.
const UPLOAD_BYTES_PER_SECOND = 48 * 1024

test('a 900 KB logo uploads at 48 KB/s, past the 15 s deadline of a whole request', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const slug = `centro-lento-${String(Date.now())}`
  const created = await request.post('/api/admin/hospitales', {
    headers: await productAdminHeaders(request),
    data: {
      tenant: slug,
      nombre: `Centro Lento ${String(Date.now())}`,
      color_primario: '#0b5394',
      color_secundario: '#38761d',
    },
  })
  expect(created.status()).toBe(201)
  const email = uniqueEmail('admin', slug)
  await createAccount(request, slug, {
    email,
    nombre: 'Admin de Pruebas',
    rol: 'admin',
    password: 'clave-admin-1',
  })
  // Noise does not compress: a PNG of about 900 KB, under the 1 MB limit.
  const side = 540
  const noise = Buffer.alloc(side * side * 3)
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919) % 251
  const logo = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
  expect(logo.length).toBeGreaterThan(850 * 1024)
  expect(logo.length).toBeLessThan(1024 * 1024)

  await page.goto(`/${slug}/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill('clave-admin-1')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { name: 'Imagen del centro' })).toBeVisible()

  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: 1024 * 1024,
    uploadThroughput: UPLOAD_BYTES_PER_SECOND,
  })
  await page.getByLabel(/Imagen PNG, JPEG o WebP/).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: logo,
  })
  const startedAt = Date.now()
  await page.getByRole('button', { name: 'Subir logotipo' }).click()
  await expect(page.getByText('Logotipo actualizado.')).toBeVisible({ timeout: 60_000 })
  // It really was slow: longer than the 15 s a whole request may take.
  expect(Date.now() - startedAt).toBeGreaterThan(15_000)
  await expect(page.getByText(/Sin conexión/)).toHaveCount(0)
})
