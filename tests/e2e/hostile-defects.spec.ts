/**
 * Defects found by hostile testing, each reproduced as the outside tester did it, in a real
 * Chromium against the production build.
 */
import { expect, test } from '@playwright/test'
import { localStorageEntries } from '../utils/page-state'

test.describe('a server segment in disguise never becomes the tenant', () => {
  test.use({ serviceWorkers: 'block' })

  test('/%61pi/x is the API (a JSON 404), never the app, and / still leads to a hospital', async ({
    page,
  }) => {
    await page.goto('/hospital-central/login')
    await expect(page.getByRole('banner')).toContainText('Hospital Central')

    const response = await page.goto('/%61pi/x')
    expect(response?.status()).toBe(404)
    expect(response?.headers()['content-type']).toMatch(/^application\/json/)

    await page.goto('/')
    await expect(page).toHaveURL(/\/hospital-central\/login$/)
    expect((await localStorageEntries(page)).tenant).toBe('hospital-central')
  })

  test('an in-app link to /%61pi/x stays under the stored hospital', async ({ page }) => {
    await page.goto('/clinica-norte/login')
    await expect(page.getByRole('banner')).toContainText('Clínica Norte')

    // A client-side navigation never asks the server: the app's own rules must refuse `api`.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/%61pi/x')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page).toHaveURL(/\/clinica-norte\/%61pi\/x$/)
    expect((await localStorageEntries(page)).tenant).toBe('clinica-norte')
  })
})
