/**
 * "Reparar la aplicación" is offered to anyone at the screen; on a kiosk it clears everything
 * but kiosk mode, which only an administrator signed in on the device may switch off.
 */
import { expect, test, type Page } from '@playwright/test'
import { localStorageEntries } from '../../utils/page-state'

const isKiosk = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-kiosco'))

test('a kiosk stays a kiosk after "Reparar la aplicación"', async ({ page }) => {
  await page.goto('/hospital-central/login?kiosco=1')
  await expect.poll(() => isKiosk(page)).toBe(true)

  await page.goto('/hospital-central/informacion-tecnica')
  await page.getByRole('button', { name: 'Reparar la aplicación' }).click()
  const dialog = page.getByRole('dialog', { name: '¿Reparar la aplicación?' })
  await dialog.getByRole('button', { name: 'Reparar' }).click()

  await expect(page).toHaveURL(/\/hospital-central\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  expect((await localStorageEntries(page))['modo-kiosco']).toBe('1')
  await expect.poll(() => isKiosk(page)).toBe(true)
})
