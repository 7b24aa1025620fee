import { expect, test } from '@playwright/test'
import { RESERVED_SEGMENTS } from '../../src/contract/tenants'
import { SCREEN_TITLES } from '../../src/app/routes/screen-titles'
import { APP_READY_ATTRIBUTE } from '../../src/app/press-keeper'

// Routing rules only: the worker is covered by the PWA journeys.
test.use({ serviceWorkers: 'block' })

function pathOf(url: string) {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search + parsed.hash
}

test.describe('tenant routing (docs/routing.md table)', () => {
  test('/ goes to the login screen of main, replacing the history entry', async ({ page }) => {
    await page.goto('/clinica-norte/pagos')
    // Cleared once the app has started (it remembers the hospital as it starts).
    await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')
    await page.evaluate(() => {
      localStorage.clear()
    })
    const entriesBefore = await page.evaluate(() => history.length)
    await page.goto('/')
    await expect(page).toHaveURL(/\/main\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('tenant'))).toBe('main')
    // One entry for the visit, none for the redirect: Back skips `/` and returns to where we were.
    expect(await page.evaluate(() => history.length)).toBe(entriesBefore + 1)
    await page.goBack()
    await expect(page).toHaveURL(/\/clinica-norte\/pagos$/)
  })

  test('a reserved first segment keeps the whole path, query and hash', async ({ page }) => {
    await page.goto('/admin/usuarios?x=1#y')
    await expect(page).toHaveURL(/\/main\/admin\/usuarios\?x=1#y$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeVisible()
    expect(pathOf(page.url())).toBe('/main/admin/usuarios?x=1#y')
  })

  test('the stored tenant is used for reserved paths', async ({ page }) => {
    await page.goto('/clinica-norte/pagos')
    await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('tenant'))).toBe('clinica-norte')
    await page.goto('/login')
    await expect(page).toHaveURL(/\/clinica-norte\/login$/)
  })

  test('/{tenant} alone goes to its login screen, replacing the history entry', async ({
    page,
  }) => {
    await page.goto('/clinica-norte/pagos')
    const entriesBefore = await page.evaluate(() => history.length)
    await page.goto('/hospital-central')
    await expect(page).toHaveURL(/\/hospital-central\/login$/)
    expect(await page.evaluate(() => history.length)).toBe(entriesBefore + 1)
    await page.goBack()
    await expect(page).toHaveURL(/\/clinica-norte\/pagos$/)
  })

  test('an in-app navigation to a reserved path is redirected without a history entry', async ({
    page,
  }) => {
    await page.goto('/hospital-central/login')
    // An in-app navigation: the app must have taken the page over.
    await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')
    await page.evaluate(() => {
      history.pushState(null, '', '/pagos')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page).toHaveURL(/\/hospital-central\/pagos$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible()
  })

  test('unknown children show "Página no encontrada" inside the tenant layout', async ({
    page,
  }) => {
    await page.goto('/hospital-central/no-existe')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeVisible()
    await expect(page.getByRole('banner')).toContainText('Hospital Central')
  })

  test('every reserved name is a screen of the tenant, loaded on demand', async ({ page }) => {
    await page.goto('/hospital-central/login')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión')
    await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')
    const loadedScripts = new Set<string>()
    page.on('request', (request) => {
      if (request.resourceType() === 'script') loadedScripts.add(request.url())
    })
    for (const name of RESERVED_SEGMENTS) {
      const before = loadedScripts.size
      await page.evaluate((path) => {
        history.pushState(null, '', path)
        dispatchEvent(new PopStateEvent('popstate'))
      }, `/hospital-central/${name}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCREEN_TITLES[name])
      if (name !== 'login')
        expect(loadedScripts.size, `${name} has its own chunk`).toBeGreaterThan(before)
    }
  })

  test('navigating to the current URL loads the branding again', async ({ page }) => {
    let brandingRequests = 0
    page.on('request', (request) => {
      if (request.url().includes('/api/hospitales')) brandingRequests += 1
    })
    await page.goto('/hospital-central/login')
    await expect.poll(() => brandingRequests).toBe(1)
    await page.getByRole('link', { name: /Hospital Central/ }).click()
    await expect.poll(() => brandingRequests).toBe(2)
    await expect(page).toHaveURL(/\/hospital-central\/login$/)
  })
})

test.describe('hostile paths never leave the origin', () => {
  const cases: [string, string][] = [
    ['//evil.example', '/main/evil.example'],
    ['/\\evil.example', '/main/evil.example'],
    ['/%2F%2Fevil.example', '/main/%2F%2Fevil.example'],
    ['/%5C%5Cevil.example/login', '/main/%5C%5Cevil.example/login'],
    ['/%252F%252Fevil.example', '/main/%252F%252Fevil.example'],
    ['/%2e%2e/%2e%2e/login', '/main/login'],
    [
      '/%3Cscript%3Ealert(1)%3C%2Fscript%3E/login',
      '/main/%3Cscript%3Ealert(1)%3C%2Fscript%3E/login',
    ],
  ]
  for (const [path, expected] of cases) {
    test(`${path} → ${expected}`, async ({ page, baseURL }) => {
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      await page.goto(new URL(baseURL ?? '').origin + path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin)
      expect(pathOf(page.url())).toBe(expected)
      expect(dialogs).toEqual([])
      expect(await page.evaluate(() => localStorage.getItem('tenant'))).toBe('main')
    })
  }
})
