import { expect, test } from '@playwright/test'
import { waitForControllingWorker } from '../../utils/service-worker'

test('the service worker installs on the first visit and controls every page of the origin', async ({
  page,
  baseURL,
}) => {
  await page.goto('/hospital-central/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()

  // The first install claims the page it was registered from: no reload needed.
  const worker = await waitForControllingWorker(page)
  expect(worker).toEqual({
    scope: `${baseURL}/`,
    scriptURL: `${baseURL}/sw.js`,
    state: 'activated',
  })

  // Another tenant's page is inside the same scope: it loads controlled from the start.
  await page.goto('/clinica-norte/directorio')
  await expect(page.getByRole('heading', { level: 1, name: 'Directorio' })).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    `${baseURL}/sw.js`,
  )
})
