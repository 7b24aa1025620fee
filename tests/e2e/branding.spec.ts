import { expect, test, type Page } from '@playwright/test'
import { DEFAULT_COLORS } from '../../src/contract/branding'
import { DEMO_TENANTS, type DemoTenant } from '../utils/demo'
import {
  brandColors,
  cssVariable,
  hex,
  hospitalRecord,
  localStorageEntries,
  themeColor,
} from '../utils/page-state'
import { APP_READY_ATTRIBUTE } from '../../src/app/press-keeper'

// These journeys mock `verHospitales` from the page; the worker would answer from its cache.
test.use({ serviceWorkers: 'block' })

/** A well-formed tenant no hospital uses: the server brands its pages with the defaults. */
const UNKNOWN_TENANT = 'hospital-de-pruebas'

async function expectDefaultBranding(page: Page) {
  await expect
    .poll(() => brandColors(page))
    .toEqual({
      primario: DEFAULT_COLORS.primario,
      secundario: DEFAULT_COLORS.secundario,
    })
  await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0)
  expect(await themeColor(page)).toBe(DEFAULT_COLORS.primario)
}

test.describe('branding of each demo tenant', () => {
  for (const tenant of Object.keys(DEMO_TENANTS) as DemoTenant[]) {
    test(`${tenant}: colours, logo, name, theme colour, stored logo`, async ({ page }) => {
      const record = await hospitalRecord(page, tenant)
      await page.goto(`/${tenant}/login`)
      await expect
        .poll(() => brandColors(page))
        .toEqual({
          primario: hex(record.color_primario),
          secundario: hex(record.color_secundario),
        })
      const logo = page
        .getByRole('banner')
        .getByRole('img', { name: `Logotipo de ${record.nombre}` })
      await expect(logo).toBeVisible()
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)
      await expect(page.getByRole('banner')).toContainText(record.nombre)
      // The hospital's contact phone, in the footer of its screens, ready to call.
      const phone = page.getByRole('contentinfo').getByRole('link', { name: record.telefono })
      await expect(page.getByRole('contentinfo')).toContainText(
        `Teléfono de contacto: ${record.telefono}`,
      )
      await expect(phone).toHaveAttribute('href', `tel:${record.telefono.replace(/[^+0-9]/g, '')}`)
      expect(await themeColor(page)).toBe(hex(record.color_primario))
      expect((await localStorageEntries(page)).logo).toBe(record.imagen)
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
        `/${tenant}/manifest.webmanifest`,
      )
    })
  }

  test('main restores the default colours and removes the logo', async ({ page }) => {
    await page.goto('/hospital-central/login')
    await expect(page.getByRole('banner').getByRole('img')).toBeVisible()
    await page.goto('/main/login')
    await expectDefaultBranding(page)
    expect((await localStorageEntries(page)).logo).toBeUndefined()
  })

  test('the refresh flag is cleared once the branding has loaded', async ({ page }) => {
    await page.goto('/hospital-central/login')
    await page.evaluate(() => {
      localStorage.setItem('refresh', '1')
    })
    await page.reload()
    await expect(page.getByRole('banner').getByRole('img')).toBeVisible()
    await expect.poll(async () => (await localStorageEntries(page)).refresh).toBeUndefined()
  })

  test('the refresh flag stays when the branding fails', async ({ page }) => {
    await page.route('**/api/hospitales**', (route) => route.fulfill({ status: 500, body: '' }))
    // A hospital the server does not know: its HTML carries the defaults, as the page must too.
    await page.goto(`/${UNKNOWN_TENANT}/login`)
    await page.evaluate(() => {
      localStorage.setItem('refresh', '1')
    })
    await page.reload()
    await expectDefaultBranding(page)
    expect((await localStorageEntries(page)).refresh).toBe('1')
  })

  test('text on the tenant colours keeps AA contrast (clinica-sol is pale yellow)', async ({
    page,
  }) => {
    await page.goto('/clinica-sol/login')
    await expect.poll(() => cssVariable(page, '--color-primario')).toBe('#fff59d')
    expect(await cssVariable(page, '--color-sobre-primario')).toBe('#000000')
    expect(await cssVariable(page, '--color-primario-texto')).not.toBe('#fff59d')
  })
})

test.describe('hostile branding answers: logged, nothing shown', () => {
  const answers: [string, { body: string; contentType?: string; status?: number }][] = [
    [
      'declaration break-out',
      {
        body: JSON.stringify([
          { color_primario: 'red;}body{display:none', color_secundario: '#fff', imagen: '' },
        ]),
      },
    ],
    [
      'url() colour',
      {
        body: JSON.stringify([
          { color_primario: 'url(https://evil.example/x)', color_secundario: '#fff', imagen: '' },
        ]),
      },
    ],
    [
      'var() colour',
      {
        body: JSON.stringify([
          { color_primario: 'var(--x)', color_secundario: '#fff', imagen: '' },
        ]),
      },
    ],
    [
      'expression() colour',
      {
        body: JSON.stringify([
          { color_primario: 'expression(alert(1))', color_secundario: '#fff', imagen: '' },
        ]),
      },
    ],
    ['not an array', { body: JSON.stringify({ color_primario: '#ff0000' }) }],
    ['empty array', { body: '[]' }],
    ['HTML instead of JSON', { body: '<!doctype html><p>Error</p>', contentType: 'text/html' }],
    ['server error', { body: '{"error":"boom"}', status: 500 }],
  ]
  for (const [name, answer] of answers) {
    test(name, async ({ page }) => {
      const warnings: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text())
      })
      await page.route('**/api/hospitales**', (route) =>
        route.fulfill({
          status: answer.status ?? 200,
          contentType: answer.contentType ?? 'application/json',
          body: answer.body,
        }),
      )
      await page.goto(`/${UNKNOWN_TENANT}/login`)
      await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
      await expect.poll(() => warnings.some((text) => text.includes(UNKNOWN_TENANT))).toBe(true)
      await expectDefaultBranding(page)
      await expect(page.locator('body')).toBeVisible()
      await expect(page.getByRole('alert')).toHaveText('')
    })
  }

  test('a hostile answer never replaces the branding the server painted into the page', async ({
    page,
  }) => {
    const record = await hospitalRecord(page, 'hospital-central')
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.route('**/api/hospitales**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify([
          { color_primario: 'red;}body{display:none', color_secundario: '#fff', imagen: '' },
        ]),
      }),
    )
    await page.goto('/hospital-central/login')
    await expect.poll(() => warnings.some((text) => text.includes('hospital-central'))).toBe(true)
    expect(await brandColors(page)).toEqual({
      primario: hex(record.color_primario),
      secundario: hex(record.color_secundario),
    })
    await expect(
      page.getByRole('banner').getByRole('img', { name: `Logotipo de ${record.nombre}` }),
    ).toBeVisible()
    await expect(page.locator('body')).toBeVisible()
  })

  test('javascript: and SVG logos are never shown; valid 8-digit hex colours are applied', async ({
    page,
  }) => {
    for (const imagen of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    ]) {
      await page.route('**/api/hospitales**', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify([
            { color_primario: '#336699ff', color_secundario: '#224466', imagen },
          ]),
        }),
      )
      await page.goto('/hospital-central/login')
      await expect.poll(() => cssVariable(page, '--color-primario')).toBe('#336699')
      await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0)
      expect((await localStorageEntries(page)).logo).toBeUndefined()
      await page.unroute('**/api/hospitales**')
    }
  })

  test('a tenant whose branding fails never keeps the previous tenant’s colours', async ({
    page,
  }) => {
    await page.goto('/hospital-central/login')
    await expect(page.getByRole('banner').getByRole('img')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')
    await page.route('**/api/hospitales?tenant=clinica-norte', (route) => route.abort())
    // An in-app navigation: the page keeps its state, so old colours could linger.
    await page.evaluate(() => {
      history.pushState(null, '', '/clinica-norte/login')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    // The product's name and colours: a failure stays silent, the slug is never shown as a name.
    await expect(page.getByRole('banner')).toHaveText(/^Clínica/)
    await expect(page.getByRole('banner')).not.toContainText('Hospital Central')
    await expect(page.getByRole('banner')).not.toContainText('clinica-norte')
    await expectDefaultBranding(page)
  })
})
