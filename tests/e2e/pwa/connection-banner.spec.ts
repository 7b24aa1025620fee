import { expect, test } from '@playwright/test'
import { waitForControllingWorker } from '../../utils/service-worker'

test('losing the network is announced, and so is getting it back', async ({ page, context }) => {
  await page.goto('/hospital-central/login')
  await waitForControllingWorker(page)
  // The branding came from the API itself: the page has seen it reachable.
  await expect(page.getByRole('banner').getByRole('img')).toBeVisible()
  const banner = page.locator('.connection-status')
  await expect(banner).toHaveAttribute('role', 'status')
  await expect(banner).toHaveAttribute('aria-live', 'polite')
  await expect(banner).toHaveText('')

  // The browser sends `offline` to the page: no need to wait for the 30-s probe.
  await context.setOffline(true)
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible()
  await expect(banner).toHaveText(/^Sin conexión · última conexión hace menos de un minuto$/)

  // Still usable offline: another screen opens from the precache, the banner stays.
  await page.getByRole('link', { name: 'Directorio' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Directorio' })).toBeVisible()
  await expect(banner).toContainText('Sin conexión')

  // `online` makes the page probe the API, which answers.
  await context.setOffline(false)
  await expect(banner).toHaveText('Conexión restablecida')
  // The notice goes away by itself after RESTORED_NOTICE_MS (5 s, features/pwa/connection/connection-status).
  await expect(banner).toHaveText('', { timeout: 10_000 })
})
