/**
 * Site data cleared by hand (or partly evicted) while the worker stays registered: the next
 * online visit refills the precache, so the app works offline again without a new release.
 */
import { expect, test, type Page } from '@playwright/test'
import { precacheList, readCachedPaths, waitForControllingWorker } from '../../utils/service-worker'

const PRECACHE = 'clinica-pwa-precache'

async function precachedPaths(page: Page): Promise<string[]> {
  const caches = await readCachedPaths(page)
  return Object.entries(caches)
    .filter(([name]) => name.startsWith(PRECACHE))
    .flatMap(([, paths]) => paths)
}

test('the precache refills after the caches are deleted by hand, and offline works again', async ({
  context,
  page,
}) => {
  await page.goto('/hospital-central/login')
  await waitForControllingWorker(page)
  const assets = precacheList().filter((path) => path.startsWith('/assets/'))
  await expect.poll(() => precachedPaths(page)).toEqual(expect.arrayContaining(assets))

  await page.evaluate(async () => {
    for (const name of await caches.keys()) await caches.delete(name)
  })
  expect(await precachedPaths(page)).toEqual([])

  // Online, the next visit is answered by the server while the worker refills its precache.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  await expect
    .poll(() => precachedPaths(page), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['/index.html', ...assets]))

  await context.setOffline(true)
  const response = await page.reload()
  expect(response?.fromServiceWorker()).toBe(true)
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
})
