/**
 * "Información técnica" for support and "Reparar la aplicación", with the real worker, caches
 * and IndexedDB of a production build in Chromium.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { waitForControllingWorker } from '../../utils/service-worker'

const TENANT = DEMO_ACCOUNT.tenant

/** The value shown for `label` on the diagnostics screen. */
const field = (page: Page, label: string) =>
  page
    .locator('.diagnostics-row')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')

/** What the app keeps on the device: worker registrations, caches, IndexedDB, Web Storage. */
function deviceState(page: Page) {
  return page.evaluate(async () => ({
    registrations: (await navigator.serviceWorker.getRegistrations()).length,
    caches: await caches.keys(),
    databases: (await indexedDB.databases()).map(({ name }) => name).sort(),
    localStorage: localStorage.length,
    sessionStorage: sessionStorage.length,
  }))
}

async function signInControlled(page: Page) {
  await page.goto(`/${TENANT}/login`)
  await waitForControllingWorker(page)
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
}

test('the footer leads to the technical information, which copies a report with nothing personal', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInControlled(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Información técnica' }).click()
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/informacion-tecnica$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Información técnica' })).toBeVisible()

  const version = (await page.locator('.app-version').textContent())?.replace('Versión ', '')
  await expect(field(page, 'Versión de la aplicación')).toHaveText(version ?? '')
  await expect(field(page, 'Centro')).toHaveText(TENANT)
  await expect(field(page, 'Service worker')).toHaveText('activo')
  await expect(field(page, 'Página controlada por el service worker')).toHaveText('sí')
  await expect(field(page, 'Cachés')).toContainText(
    /clinica-pwa-precache\S*: \d+ entradas, [\d,]+ (kB|MB)/,
  )
  await expect(field(page, 'Almacenamiento usado')).toHaveText(/^[\d,]+ (B|kB|MB|GB)$/)
  await expect(field(page, 'Almacenamiento disponible')).toHaveText(/^[\d,]+ (kB|MB|GB)$/)
  // A browser tab never asks for persistent storage; only an installed app does.
  await expect(field(page, 'Almacenamiento persistente')).toHaveText('no')
  await expect(field(page, 'Aplicación instalada')).toHaveText('no')
  await expect(field(page, 'Imagen del centro actualizada')).toHaveText(/^\d{2}\/\d{2}\/\d{2}, /)
  await expect(field(page, 'Conexión')).toHaveText('Conectado')
  await expect(field(page, 'Navegador')).toContainText('Chrome')

  await page.getByRole('button', { name: 'Copiar' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Información copiada' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain(`Versión de la aplicación: ${version ?? ''}`)
  expect(copied).toContain('Service worker: activo')
  expect(copied).toContain('Navegador: ')
  // Signed in, with a token and a name on screen: none of it is in the report.
  const token = await page.evaluate(() => localStorage.getItem('token'))
  expect(token).toBeTruthy()
  expect(copied).not.toContain(token ?? 'token')
  expect(copied).not.toContain(DEMO_ACCOUNT.email)
  expect(copied).not.toContain(DEMO_ACCOUNT.nombre)
  expect(copied).not.toMatch(/@/)
})

test('without a usable clipboard the report is offered as text to copy by hand', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    })
  })
  await page.goto(`/${TENANT}/informacion-tecnica`)
  await expect(field(page, 'Service worker')).not.toBeEmpty()
  await page.getByRole('button', { name: 'Copiar' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'No se ha podido copiar' })).toBeVisible()
  const report = page.getByRole('textbox', { name: 'Información técnica en texto' })
  await expect(report).toHaveValue(/^Clínica · Información técnica\nVersión de la aplicación: /)
})

test('repair asks first, then leaves no worker, cache, database or storage behind and opens the sign-in', async ({
  page,
}) => {
  await signInControlled(page)
  await page.goto(`/${TENANT}/informacion-tecnica`)
  await expect(field(page, 'Service worker')).toHaveText('activo')
  const before = await deviceState(page)
  expect(before.registrations).toBe(1)
  expect(before.caches.length).toBeGreaterThan(0)
  expect(before.databases).toContain('clinica-pwa')
  expect(before.localStorage).toBeGreaterThan(0)

  // Cancelling (the choice focused first, or Escape) removes nothing.
  await page.getByRole('button', { name: 'Reparar la aplicación' }).click()
  const dialog = page.getByRole('dialog', { name: '¿Reparar la aplicación?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Tendrás que volver a iniciar sesión.')
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Reparar la aplicación' })).toBeFocused()
  expect(await deviceState(page)).toEqual(before)

  // The sign-in it lands on is held as a blank page for a moment: the app it loads would
  // otherwise register its worker and fill its caches again at once, hiding what repair left.
  await page.route(`**/${TENANT}/login`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><title>En blanco</title>',
    }),
  )
  await page.getByRole('button', { name: 'Reparar la aplicación' }).click()
  await dialog.getByRole('button', { name: 'Reparar' }).click()
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/login$`))
  await expect(page).toHaveTitle('En blanco')
  await expect
    .poll(() => deviceState(page))
    .toMatchObject({ registrations: 0, caches: [], localStorage: 0, sessionStorage: 0 })
  // The old worker still holds workbox-expiration's database open, so its deletion waits, as
  // IndexedDB does, until that connection closes: when the worker stops, which Chromium does once
  // no page uses an unregistered worker. The test's DevTools connection keeps it running, so it
  // is stopped here as the browser would; the deletion repair asked for then completes by itself.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.stopAllWorkers')
  await cdp.detach()
  await expect
    .poll(() => deviceState(page))
    .toEqual({ registrations: 0, caches: [], databases: [], localStorage: 0, sessionStorage: 0 })

  // The real sign-in, from the network, with a fresh worker.
  await page.unroute(`**/${TENANT}/login`)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  await waitForControllingWorker(page)
})

test('the error screen offers the repair too', async ({ page }) => {
  // A screen whose code cannot be loaded ends on the error screen.
  await page.route('**/assets/directorio-*.js', (route) => route.abort())
  await page.goto(`/${TENANT}/directorio`)
  await expect(
    page.getByRole('heading', { level: 1, name: 'No se ha podido mostrar esta página' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Reparar la aplicación' }).click()
  await expect(page.getByRole('dialog', { name: '¿Reparar la aplicación?' })).toBeVisible()
})
