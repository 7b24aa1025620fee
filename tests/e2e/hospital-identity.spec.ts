/**
 * Each hospital is its own app on the device: the tab, the task switcher and the home screen show
 * its name and its own icons, drawn from its logo on its colours.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import sharp from 'sharp'
import { deriveBrandingColors } from '../../src/contract/branding'
import { parseColor, type Rgb } from '../../src/contract/colors'
import { DEMO_TENANTS, type DemoTenant } from '../utils/demo'
import { hex, hospitalRecord } from '../utils/page-state'

const TENANTS = Object.keys(DEMO_TENANTS) as DemoTenant[]

async function headLink(page: Page, selector: string, attribute: string) {
  return page.locator(selector).getAttribute(attribute)
}

/** The icon at `path` as the browser gets it: its bytes, size, corner colour and any pixel. */
async function readIcon(request: APIRequestContext, path: string) {
  const response = await request.get(path)
  expect(response.status(), path).toBe(200)
  expect(response.headers()['content-type']).toBe('image/png')
  const body = await response.body()
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number): Rgb => {
    const offset = (y * info.width + x) * info.channels
    return { r: data[offset] ?? 0, g: data[offset + 1] ?? 0, b: data[offset + 2] ?? 0 }
  }
  const { r, g, b } = at(0, 0)
  const corner = `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`
  return { body, width: info.width, corner, at }
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
      const icon = await readIcon(page.request, src)
      expect(icon.width, src).toBe(size)
      expect(icon.corner, src).toBe(hex(record.color_primario))
    }
  })
}

test('two hospitals installed on one phone look different', async ({ page }) => {
  const [central, norte] = await Promise.all(
    ['hospital-central', 'clinica-norte'].map((tenant) =>
      readIcon(page.request, `/${tenant}/iconos/icon-maskable-512.png`),
    ),
  )
  expect(central?.corner).not.toBe(norte?.corner)
  expect(central?.body.equals(norte?.body ?? Buffer.alloc(0))).toBe(false)
})

function rgb(hexColour: string): Rgb {
  const parsed = parseColor(hexColour)
  if (!parsed) throw new Error(`Not a colour: ${hexColour}`)
  return parsed
}

const isNear = (a: Rgb, b: Rgb) =>
  Math.abs(a.r - b.r) <= 2 && Math.abs(a.g - b.g) <= 2 && Math.abs(a.b - b.b) <= 2

test('the maskable icon keeps the logo inside the safe zone a launcher may crop to', async ({
  page,
  request,
}) => {
  const record = await hospitalRecord(page, 'hospital-central')
  const primary = rgb(hex(record.color_primario))
  const icon = await readIcon(request, '/hospital-central/iconos/icon-maskable-512.png')
  const centre = icon.width / 2
  let outside = 0
  let logoInside = 0
  for (let y = 0; y < icon.width; y += 4) {
    for (let x = 0; x < icon.width; x += 4) {
      const isInsideSafeZone = Math.hypot(x + 0.5 - centre, y + 0.5 - centre) <= 0.4 * icon.width
      if (isInsideSafeZone) {
        if (!isNear(icon.at(x, y), primary)) logoInside += 1
      } else {
        outside += 1
        expect(isNear(icon.at(x, y), primary), `(${String(x)}, ${String(y)})`).toBe(true)
      }
    }
  }
  expect(outside).toBeGreaterThan(0)
  expect(logoInside).toBeGreaterThan(500)
})

test('a hospital without a logo gets a tile of its initials, readable on its colour', async ({
  request,
}) => {
  const login = await request.post('/api/auth/login', {
    data: { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' },
  })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const tenant = `centro-sin-logo-${String(Date.now())}`
  const primario = '#fff59d'
  const created = await request.post('/api/admin/hospitales', {
    headers: { 'X-Authorization': `Bearer ${token}` },
    data: {
      tenant,
      nombre: 'Centro de Salud Alameda',
      color_primario: primario,
      color_secundario: '#0d47a1',
    },
  })
  expect(created.status()).toBe(201)

  const readable = rgb(deriveBrandingColors(rgb(primario), rgb('#0d47a1')).sobrePrimario)
  const icon = await readIcon(request, `/${tenant}/iconos/icon-512.png`)
  expect(isNear(icon.at(0, 0), rgb(primario))).toBe(true)
  // The letters "CA" are drawn in the text colour the app itself uses on that background.
  let inked = 0
  for (let y = 128; y < 384; y += 2) {
    for (let x = 128; x < 384; x += 2) if (isNear(icon.at(x, y), readable)) inked += 1
  }
  expect(inked).toBeGreaterThan(500)
})
