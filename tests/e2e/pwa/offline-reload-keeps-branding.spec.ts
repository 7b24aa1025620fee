import { expect, test } from '@playwright/test'
import { DEMO_TENANTS } from '../../utils/demo'
import { brandColors, hex, hospitalRecord } from '../../utils/page-state'
import {
  readCachedPaths,
  readPaintedPrimaries,
  recordPaintedPrimaries,
  waitForControllingWorker,
} from '../../utils/service-worker'

const TENANT = 'hospital-central'

test('offline, a reload of the login screen is branded from the first frame', async ({
  page,
  context,
}) => {
  const record = await hospitalRecord(page, TENANT)
  const primario = hex(record.color_primario)
  await recordPaintedPrimaries(page)

  await page.goto(`/${TENANT}/login`)
  await waitForControllingWorker(page)
  const logo = page
    .getByRole('banner')
    .getByRole('img', { name: `Logotipo de ${DEMO_TENANTS[TENANT].nombre}` })
  await expect(logo).toBeVisible()
  // The page showed the logo before the worker controlled it; the first install caught up
  // (the page hands it what it fetched, and a kept branding answer brings its logo along).
  await expect
    .poll(async () => (await readCachedPaths(page))['clinica-pwa-logos-v1'] ?? [])
    .toContain(record.imagen)

  await context.setOffline(true)
  const response = await page.reload()
  expect(response?.fromServiceWorker()).toBe(true)
  // The shell the worker answered already carries the hospital's colours.
  const html = (await response?.text()) ?? ''
  expect(html).toMatch(
    new RegExp(`<style id="branding-tokens">[^<]*--color-primario:\\s*${primario}`),
  )

  // Before any script ran, the colour was already the hospital's, from the hospital's own data.
  const painted = await readPaintedPrimaries(page)
  expect(painted.beforeScripts).toEqual({ primario, isShellBranded: true })
  expect(painted.values).toEqual([primario])

  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(DEMO_TENANTS[TENANT].nombre)
  await expect(logo).toBeVisible()
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0)
  expect((await brandColors(page)).primario).toBe(primario)
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(primario)
})
