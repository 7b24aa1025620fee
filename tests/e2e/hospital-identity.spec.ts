/**
 * Each hospital is its own app on the device: the tab, the task switcher and the home screen show
 * its name and its own icons, drawn from its logo on its colours.
 */
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { DEMO_TENANTS, type DemoTenant } from '../utils/demo'
import { hex, hospitalRecord } from '../utils/page-state'

const TENANTS = Object.keys(DEMO_TENANTS) as DemoTenant[]

async function headLink(page: Page, selector: string, attribute: string) {
  return page.locator(selector).getAttribute(attribute)
}

/** The icon at `path` as the browser gets it: its size and the colour of its corner. */
async function readIcon(page: Page, path: string) {
  const response = await page.request.get(path)
  expect(response.status(), path).toBe(200)
  expect(response.headers()['content-type']).toBe('image/png')
  const body = await response.body()
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const corner = `#${[data[0], data[1], data[2]].map((value) => (value ?? 0).toString(16).padStart(2, '0')).join('')}`
  return { body, width: info.width, corner }
}

for (const tenant of TENANTS) {
  test(`${tenant}: its name on every screen's title and its own icons everywhere`, async ({
    page,
  }) => {
    const record = await hospitalRecord(page, tenant)
    await page.goto(`/${tenant}/login`)
    await expect(page).toHaveTitle(`Iniciar sesión · ${record.nombre}`)
    await page.getByRole('link', { name: 'Directorio' }).click()
    await expect(page).toHaveTitle(`Directorio · ${record.nombre}`)

    expect(await headLink(page, 'meta[name="application-name"]', 'content')).toBe(record.nombre)
    expect(await headLink(page, 'meta[name="apple-mobile-web-app-title"]', 'content')).toBe(
      record.nombre,
    )
    const favicon = await headLink(page, 'link[rel="icon"]', 'href')
    const appleTouchIcon = await headLink(page, 'link[rel="apple-touch-icon"]', 'href')
    expect(favicon).toBe(`/${tenant}/iconos/favicon.png`)
    expect(appleTouchIcon).toBe(`/${tenant}/iconos/apple-touch-icon.png`)

    const manifest = (await (await page.request.get(`/${tenant}/manifest.webmanifest`)).json()) as {
      icons: { src: string; sizes: string; purpose: string }[]
    }
    const icons = [
      ...manifest.icons.map((icon) => ({ src: icon.src, size: Number(icon.sizes.split('x')[0]) })),
      { src: favicon ?? '', size: 32 },
      { src: appleTouchIcon ?? '', size: 180 },
    ]
    expect(manifest.icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'maskable'])
    for (const { src, size } of icons) {
      const icon = await readIcon(page, src)
      expect(icon.width, src).toBe(size)
      expect(icon.corner, src).toBe(hex(record.color_primario))
    }
  })
}

test('two hospitals installed on one phone look different', async ({ page }) => {
  const [central, norte] = await Promise.all(
    ['hospital-central', 'clinica-norte'].map((tenant) =>
      readIcon(page, `/${tenant}/iconos/icon-maskable-512.png`),
    ),
  )
  expect(central?.corner).not.toBe(norte?.corner)
  expect(central?.body.equals(norte?.body ?? Buffer.alloc(0))).toBe(false)
})
