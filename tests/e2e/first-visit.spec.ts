import { expect, test } from '@playwright/test'
import { DEFAULT_COLORS, deriveBrandingColors } from '../../src/contract/branding'
import { parseColor } from '../../src/contract/colors'
import { SEED_HOSPITALS } from '../../server/seed/demo-data'
import { APP_READY_ATTRIBUTE } from '../../src/app/press-keeper'

// `rgb(r, g, b)` as getComputedStyle reports a `#rrggbb` colour.
function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16))
  return `rgb(${String(r)}, ${String(g)}, ${String(b)})`
}

test.describe('a first visit with JavaScript disabled and no worker', () => {
  test.use({ javaScriptEnabled: false, serviceWorkers: 'block' })

  for (const hospital of SEED_HOSPITALS) {
    test(`shows ${hospital.nombre}'s name, logo and colours on its sign-in URL`, async ({
      page,
    }) => {
      const primary = parseColor(hospital.color_primario)
      const secondary = parseColor(hospital.color_secundario)
      if (!primary || !secondary) throw new Error('seed colours are valid')
      const colors = deriveBrandingColors(primary, secondary)

      await page.goto(`/${hospital.tenant}/login`)

      await expect(page).toHaveTitle(hospital.nombre)
      const header = page.locator('header.app-header')
      await expect(header.getByText(hospital.nombre, { exact: true })).toBeVisible()
      const logo = header.getByRole('img', { name: `Logotipo de ${hospital.nombre}` })
      await expect(logo).toBeVisible()
      await expect(logo).toHaveJSProperty('complete', true)
      expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
        0,
      )
      await expect(header).toHaveCSS('background-color', rgbOf(colors.primario))
      await expect(header).toHaveCSS('color', rgbOf(colors.sobrePrimario))
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
        'content',
        colors.primario,
      )
      await expect(page.getByText('Esta aplicación necesita JavaScript')).toBeVisible()
      await expect(page.getByText('Cargando…')).toBeHidden()
    })
  }

  for (const url of ['/main/login', '/%3Cimg%20src%3Dx%3E/login']) {
    test(`shows the defaults on ${url}`, async ({ page }) => {
      await page.goto(url)
      await expect(page).toHaveTitle('Clínica')
      const header = page.locator('header.app-header')
      await expect(header.getByText('Clínica', { exact: true })).toBeVisible()
      await expect(header.getByRole('img')).toHaveCount(0)
      await expect(header).toHaveCSS('background-color', rgbOf(DEFAULT_COLORS.primario))
      await expect(page.getByText('Esta aplicación necesita JavaScript')).toBeVisible()
    })
  }
})

test.describe('a cold first visit to the sign-in screen', () => {
  test.use({ serviceWorkers: 'block' })

  test("fetches the app's start and the sign-in screen's chunks alongside the entry, not after it ran", async ({
    page,
  }) => {
    const started: { url: string; at: number }[] = []
    const entryFinished: number[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') started.push({ url: request.url(), at: Date.now() })
    })
    page.on('requestfinished', (request) => {
      if (/\/assets\/index-[^/]+\.js$/.test(request.url())) entryFinished.push(Date.now())
    })
    // The entry's body is held back for a while: a chunk requested only by running code could not
    // start before it ends.
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      const response = await route.fetch()
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await route.fulfill({ response })
    })

    await page.goto('/clinica-norte/login')
    await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')

    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href))
    const loginChunks = preloads.filter((href) =>
      /\/assets\/(?:login(?:-screen)?|start)-[^/]+\.js$/.test(href),
    )
    expect(loginChunks).toHaveLength(3)
    const entryEnd = entryFinished[0] ?? Infinity
    for (const chunk of loginChunks) {
      const request = started.find(({ url }) => url === chunk)
      expect(request, `${chunk} was requested`).toBeDefined()
      expect(request?.at ?? Infinity).toBeLessThan(entryEnd)
    }
  })

  test('its styles come in the page: none is fetched, nor fetched again once the app has it', async ({
    page,
  }) => {
    const stylesheets: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname)
    })
    await page.goto('/clinica-norte/login')
    await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')
    // Nothing held the first paint: no stylesheet was asked for before it.
    const beforePaint = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.css') && entry.startTime < (paint ?? Infinity))
        .map((entry) => entry.name)
    })
    expect(beforePaint).toEqual([])
    const inPage = await page
      .locator('link[rel="stylesheet"][disabled]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname))
    expect(inPage).not.toEqual([])
    expect(stylesheets.filter((path) => inPage.includes(path))).toEqual([])

    // Another screen's chunks come with the stylesheets they import: those in the page already
    // are not asked for again (nor linked after the screen's own, where they would win).
    await page.getByRole('link', { name: 'Crear una cuenta' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible()
    expect(stylesheets.filter((path) => inPage.includes(path))).toEqual([])
    const norte = SEED_HOSPITALS.find((hospital) => hospital.tenant === 'clinica-norte')
    const primary = parseColor(norte?.color_primario ?? '')
    const secondary = parseColor(norte?.color_secundario ?? '')
    if (!primary || !secondary) throw new Error('seed colours are valid')
    await expect(page.locator('header.app-header')).toHaveCSS(
      'background-color',
      rgbOf(deriveBrandingColors(primary, secondary).primario),
    )
  })
})
