/**
 * Hostile input and faults that only a real browser shows: two tabs on two hospitals, the
 * network dropping while the branding loads, storage and IndexedDB that refuse, hostile tenant
 * segments, and the production build under its Content-Security-Policy.
 */
import { createHash } from 'node:crypto'
import { expect, test, type Page, type Response } from '@playwright/test'
import { DEFAULT_COLORS } from '../../src/contract/branding'
import { DEMO_ACCOUNT } from '../utils/demo'
import { brandColors, hex, hospitalRecord, localStorageEntries } from '../utils/page-state'
import { waitForControllingWorker } from '../utils/service-worker'

// Only the page's own calls are mocked here; the worker would answer from its cache.
test.use({ serviceWorkers: 'block' })

/** Fails the test on any uncaught page error or dialog (an injected script running). */
function watchForTrouble(page: Page) {
  const trouble: string[] = []
  page.on('pageerror', (error) => trouble.push(`pageerror: ${error.message}`))
  page.on('dialog', (dialog) => {
    trouble.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return trouble
}

async function expectColorsOf(page: Page, tenant: string) {
  const record = await hospitalRecord(page, tenant)
  await expect
    .poll(() => brandColors(page))
    .toEqual({ primario: hex(record.color_primario), secundario: hex(record.color_secundario) })
}

async function expectDefaultColors(page: Page) {
  await expect
    .poll(() => brandColors(page))
    .toEqual({ primario: DEFAULT_COLORS.primario, secundario: DEFAULT_COLORS.secundario })
}

test('two tabs on two hospitals keep their own colours; the stored tenant follows the last navigation', async ({
  context,
}) => {
  const central = await context.newPage()
  await central.goto('/hospital-central/login')
  await expectColorsOf(central, 'hospital-central')

  const norte = await context.newPage()
  await norte.goto('/clinica-norte/login')
  await expectColorsOf(norte, 'clinica-norte')
  expect((await localStorageEntries(norte)).tenant).toBe('clinica-norte')

  // The first tab is untouched by the second one's branding and stored tenant.
  await expectColorsOf(central, 'hospital-central')
  await expect(central.getByRole('banner')).toContainText('Hospital Central')

  // A navigation in the first tab makes its hospital the stored one again…
  await central.getByRole('link', { name: 'Directorio' }).click()
  await expect(central).toHaveURL(/\/hospital-central\/directorio$/)
  expect((await localStorageEntries(central)).tenant).toBe('hospital-central')
  // …without changing the second tab, even once reloaded: its URL names its hospital.
  await expectColorsOf(norte, 'clinica-norte')
  await norte.reload()
  await expectColorsOf(norte, 'clinica-norte')
  expect((await localStorageEntries(norte)).tenant).toBe('clinica-norte')

  // A reserved path uses the stored tenant: the one of the last navigation, in any tab.
  await central.goto('/pagos')
  await expect(central).toHaveURL(/\/clinica-norte\/pagos$/)
})

test('the network dropping and coming back while the branding loads', async ({ page, context }) => {
  const trouble = watchForTrouble(page)
  const record = await hospitalRecord(page, 'hospital-central')
  await page.route('**/api/hospitales**', (route) => route.abort('internetdisconnected'))
  await page.goto('/hospital-central/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  // The server painted the hospital into the page; the API's own answer has not arrived.
  await expectColorsOf(page, 'hospital-central')
  expect((await localStorageEntries(page)).logo).toBeUndefined()

  await page.unroute('**/api/hospitales**')
  await context.setOffline(true)
  await context.setOffline(false)

  // Nobody touches the page: the branding is loaded by itself once the API answers again.
  await expect.poll(async () => (await localStorageEntries(page)).logo).toBe(record.imagen)
  await expectColorsOf(page, 'hospital-central')
  await expect(page.getByRole('banner').getByRole('img')).toBeVisible()
  expect(trouble).toEqual([])
})

test('a third-party logo host gets no token and no referrer; a logo that fails is hidden', async ({
  page,
}) => {
  await page.goto('/hospital-central/login')
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)

  const record = await hospitalRecord(page, 'hospital-central')
  await page.route('**/api/hospitales**', (route) =>
    route.fulfill({ json: [{ ...record, imagen: 'https://logos.example/central.png' }] }),
  )
  const logoRequests: Record<string, string>[] = []
  await page.route('https://logos.example/**', (route) => {
    logoRequests.push(route.request().headers())
    return route.fulfill({ status: 404, body: '' })
  })
  await page.reload()

  await expect.poll(() => logoRequests.length).toBeGreaterThan(0)
  for (const headers of logoRequests) {
    expect(headers['x-authorization']).toBeUndefined()
    expect(headers.referer).toBeUndefined()
    expect(headers.cookie).toBeUndefined()
  }
  await expect(page.getByRole('banner')).toContainText('Hospital Central')
  await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0)
})

test('a branding answer that never comes blocks nothing', async ({ page }) => {
  await page.route('**/api/hospitales**', () => undefined)
  await page.goto('/hospital-central/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  // The colours the server painted into the page stay while the answer is awaited.
  await expectColorsOf(page, 'hospital-central')
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(DEMO_ACCOUNT.email)
})

test('without IndexedDB the app still routes, brands and signs in', async ({ page }) => {
  const trouble = watchForTrouble(page)
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      get() {
        throw new DOMException('IndexedDB is disabled.', 'SecurityError')
      },
    })
  })
  await page.goto('/hospital-central')
  await expect(page).toHaveURL(/\/hospital-central\/login$/)
  await expectColorsOf(page, 'hospital-central')
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  expect(trouble).toEqual([])
})

test('with storage that throws on every read and write, the session lives in memory', async ({
  page,
}) => {
  const trouble = watchForTrouble(page)
  await page.addInitScript(() => {
    for (const method of ['getItem', 'setItem', 'removeItem', 'clear', 'key'] as const) {
      Storage.prototype[method] = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
    }
  })
  await page.goto('/hospital-central/login')
  await expectColorsOf(page, 'hospital-central')
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  const meRequest = page.waitForRequest('**/api/me')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  expect((await meRequest).headers()['x-authorization']).toMatch(/^Bearer \S{20,}$/)
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([])
  expect(trouble).toEqual([])
})

test.describe('hostile tenant segments', () => {
  const cases: [string, string, string][] = [
    [
      'markup',
      '/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E/login',
      '/main/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E/login',
    ],
    // Control characters leave the path (the routing rules of docs/routing.md would find no route
    // for them).
    ['a NUL byte', '/%00/login', '/main/login'],
    ['1,000 characters', `/${'a'.repeat(1000)}/login`, `/main/${'a'.repeat(1000)}/login`],
    ['a right-to-left override', '/%E2%80%AEevil/login', '/main/%E2%80%AEevil/login'],
    ['an encoded backslash', '/%5Cevil.example/login', '/main/%5Cevil.example/login'],
    ['encoded dots and slashes', '/..%2F..%2Fevil.example', '/main/..%2F..%2Fevil.example'],
  ]
  for (const [name, path, expected] of cases) {
    test(`${name}: never a tenant, never markup, never off the origin`, async ({
      page,
      baseURL,
    }) => {
      const trouble = watchForTrouble(page)
      const origin = new URL(baseURL ?? '').origin
      await page.goto(origin + path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(new URL(page.url()).origin).toBe(origin)
      expect(new URL(page.url()).pathname).toBe(expected)
      expect((await localStorageEntries(page)).tenant).toBe('main')
      await expect(page.locator('img[onerror], [src="x"]')).toHaveCount(0)
      expect(trouble).toEqual([])
    })
  }

  test('a Unicode tenant is stored decoded; unknown, it shows the product, not its slug', async ({
    page,
  }) => {
    await page.goto('/cl%C3%ADnica-%C3%B1/login')
    await expect(page.getByRole('banner')).toHaveText(/^Clínica/)
    await expect(page.getByRole('banner')).not.toContainText('clínica-ñ')
    expect((await localStorageEntries(page)).tenant).toBe('clínica-ñ')
    await expectDefaultColors(page)
  })
})

test.describe('Content-Security-Policy on the production build', () => {
  async function collectViolations(page: Page) {
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.defineProperty(window, '__cspViolations', { value: seen })
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI}`)
      })
    })
    const messages: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) messages.push(message.text())
    })
    return async () => [
      ...messages,
      ...(await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      )),
    ]
  }

  /** What the `script-src` of a response's policy names. */
  function scriptSourcesOf(response: Response | null): string[] {
    const csp = response?.headers()['content-security-policy'] ?? ''
    return /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? []
  }

  /** The page's inline scripts (not its data blocks), each as the hash source a policy names. */
  function inlineScriptSourcesOf(page: Page): Promise<string[]> {
    return page
      .evaluate(() =>
        Array.from(document.scripts)
          .filter((script) => !script.src && script.type !== 'application/json')
          .map((script) => script.text),
      )
      .then((codes) =>
        codes.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`),
      )
  }

  test("scripts only from the origin and the shell's own by its hash, and the app needs nothing else", async ({
    page,
  }) => {
    const violations = await collectViolations(page)
    const response = await page.goto('/hospital-central/login')

    await expectColorsOf(page, 'hospital-central')
    await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
    await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)

    // The one inline script is the shell's keeper of early presses, and the policy names it by
    // its hash: no other inline code would run.
    const inlineScripts = await inlineScriptSourcesOf(page)
    expect(inlineScripts).toHaveLength(1)
    expect(scriptSourcesOf(response)).toEqual(["'self'", ...inlineScripts])
    expect(await violations()).toEqual([])
  })

  test.describe('under the service worker', () => {
    test.use({ serviceWorkers: 'allow' })

    test("a page the worker answers keeps the policy that runs the shell's keeper", async ({
      page,
    }) => {
      await page.goto('/hospital-central/login')
      await waitForControllingWorker(page)
      const violations = await collectViolations(page)
      const response = await page.reload()
      expect(response?.fromServiceWorker()).toBe(true)
      const inlineScripts = await inlineScriptSourcesOf(page)
      expect(inlineScripts).toHaveLength(1)
      expect(scriptSourcesOf(response)).toEqual(["'self'", ...inlineScripts])
      await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible()
      expect(await violations()).toEqual([])
    })
  })

  test('an injected inline script is refused by the policy', async ({ page }) => {
    const violations = await collectViolations(page)
    await page.goto('/hospital-central/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
    const ran = await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__injectedRan = true'
      document.body.append(script)
      return (window as unknown as { __injectedRan?: boolean }).__injectedRan === true
    })
    expect(ran).toBe(false)
    await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/))
  })
})
