/**
 * Defects found by hostile testing, each reproduced as the outside tester did it, in a real
 * Chromium against the production build.
 */
import { expect, test } from '@playwright/test'
import { localStorageEntries } from '../utils/page-state'
import { APP_READY_ATTRIBUTE } from '../../src/app/press-keeper'

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
    await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')

    // A client-side navigation never asks the server: the app's own rules must refuse `api`.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/%61pi/x')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page).toHaveURL(/\/clinica-norte\/%61pi\/x$/)
    expect((await localStorageEntries(page)).tenant).toBe('clinica-norte')
  })
})

test.describe('a hospital switch and a broken address stay inside the app', () => {
  test.use({ serviceWorkers: 'block' })

  test('/{tenant}/x%0Ay shows "Página no encontrada" inside the hospital layout', async ({
    page,
  }) => {
    await page.goto('/hospital-central/x%0Ay')

    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
    await expect(page.getByRole('banner')).toContainText('Hospital Central')
  })

  test('the previous hospital’s logo leaves localStorage when the next one has no branding', async ({
    page,
  }) => {
    await page.goto('/hospital-central/login')
    await expect.poll(async () => (await localStorageEntries(page)).logo).toBeTruthy()

    await page.goto('/no-existe-xyz/login')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    const stored = await localStorageEntries(page)
    expect(stored.tenant).toBe('no-existe-xyz')
    expect(stored.logo).toBeUndefined()
    await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0)
  })

  test('an unknown address shows the product, not a hospital named after its slug', async ({
    page,
    request,
  }) => {
    await page.goto('/no-existe-xyz/login')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('.brand-name')).toHaveText('Clínica')
    await expect(page.getByText('no-existe-xyz')).toHaveCount(0)
    expect(await page.title()).not.toContain('no-existe-xyz')
    // Its manifest is the portal's: nothing installs as an app called "no-existe-xyz".
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    const manifest = (await (await request.get(href ?? '')).json()) as Record<string, unknown>
    expect(manifest).toMatchObject({ id: '/main/', start_url: '/main/login', name: 'Clínica' })
  })
})

test.describe('a screen whose code cannot be loaded', () => {
  test.use({ serviceWorkers: 'block' })

  test('ends on the error screen with "Volver a intentarlo" after the one recovery reload', async ({
    context,
    page,
  }) => {
    await context.route(/\/assets\/pagos-[^/]*\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'Not Found' }),
    )
    let pageLoads = 0
    page.on('request', (request) => {
      if (request.resourceType() === 'document') pageLoads += 1
    })

    await page.goto('/hospital-central/pagos')

    await expect(
      page.getByRole('heading', { name: 'No se ha podido mostrar esta página' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Volver a intentarlo' })).toBeVisible()
    await expect(page.getByRole('banner')).toContainText('Hospital Central')
    // The first failure reloaded once; the second shows the screen instead of looping.
    expect(pageLoads).toBe(2)
  })
})

test('another tab upgrading the app’s IndexedDB is never blocked by an open tab, which keeps working', async ({
  context,
}) => {
  const app = await context.newPage()
  await app.goto('/hospital-central/login')
  await expect(app.getByRole('banner')).toContainText('Hospital Central')
  // The app (page and worker) has the branding database open by now.
  await expect
    .poll(() => app.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)))
    .toContain('clinica-pwa')

  const other = await context.newPage()
  await other.goto('/hospital-central/directorio')
  const upgrade = await other.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const request = indexedDB.open('clinica-pwa', 2)
        request.onupgradeneeded = () => {
          request.result.createObjectStore('otro')
        }
        request.onsuccess = () => {
          request.result.close()
          resolve('upgraded')
        }
        request.onerror = () => {
          resolve('failed')
        }
        setTimeout(() => {
          resolve('still blocked')
        }, 8_000)
      }),
  )
  expect(upgrade).toBe('upgraded')

  // The first tab goes on as before, reopening the database when it next needs it.
  await app.reload()
  await expect(app.getByRole('banner')).toContainText('Hospital Central')
})
