import { expect, test } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { brandColors, hex, hospitalRecord, localStorageEntries } from '../../utils/page-state'
import {
  readCacheStorage,
  readStoredBranding,
  waitForControllingWorker,
  type CachedEntry,
} from '../../utils/service-worker'

const TENANT = DEMO_ACCOUNT.tenant

/** No entry of any cache is the user's: no session call, no token, no personal answer. */
function expectNoUserData(storage: Record<string, CachedEntry[]>, token: string) {
  for (const entries of Object.values(storage)) {
    for (const entry of entries) {
      expect(new URL(entry.url).pathname).not.toMatch(/^\/api\/(me|auth)/)
      expect(entry.url).not.toContain(token)
      expect(Object.keys(entry.requestHeaders)).not.toContain('x-authorization')
      expect(entry.text).not.toContain(token)
      expect(entry.text).not.toContain(DEMO_ACCOUNT.email)
      expect(entry.text).not.toContain(DEMO_ACCOUNT.nombre)
    }
  }
}

test('after a 401, public branding stays cached and no cache holds user data', async ({
  page,
  context,
}) => {
  const record = await hospitalRecord(page, TENANT)
  await page.goto(`/${TENANT}/login`)
  await waitForControllingWorker(page)

  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  const token = (await localStorageEntries(page)).token ?? ''
  expect(token).not.toBe('')
  for (const screen of ['directorio', 'pagos', 'cliente']) {
    await page.goto(`/${TENANT}/${screen}`)
    await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  }
  // Signed in, with every screen's calls carrying the token, the caches hold none of it.
  expectNoUserData(await readCacheStorage(page), token)

  // The token is no longer accepted. `context.route` sees the call whichever way it goes.
  await context.route('**/api/me', (route) =>
    route.fulfill({ status: 401, json: { error: 'token_expired' } }),
  )
  await page.reload()
  await expect(page).toHaveURL(/\/main\/login\?caducada=1&centro=hospital-central&/)
  await expect
    .poll(() => localStorageEntries(page))
    .toEqual({ tenant: 'main', 'fin-de-sesion': expect.any(String) })
  await context.unroute('**/api/me')

  const storage = await readCacheStorage(page)
  const names = Object.keys(storage)
  expect(names).toEqual(expect.arrayContaining(['clinica-pwa-branding-v1', 'clinica-pwa-logos-v1']))
  expect(names.some((name) => name.startsWith('clinica-pwa-precache'))).toBe(true)
  expect(storage['clinica-pwa-branding-v1']?.map(({ url }) => new URL(url).pathname)).toContain(
    '/api/hospitales',
  )
  expect(storage['clinica-pwa-logos-v1']?.map(({ url }) => new URL(url).pathname)).toContain(
    record.imagen,
  )
  expectNoUserData(storage, token)
  expect(await readStoredBranding(page, TENANT)).toMatchObject({
    tenant: TENANT,
    nombre: record.nombre,
  })

  // Offline, the hospital's login screen is still branded.
  await context.setOffline(true)
  await page.goto(`/${TENANT}/login`)
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  expect((await brandColors(page)).primario).toBe(hex(record.color_primario))
  const logo = page.getByRole('banner').getByRole('img', { name: `Logotipo de ${record.nombre}` })
  await expect(logo).toBeVisible()
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0)
})
