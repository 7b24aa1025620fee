import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveBrandingColors } from '../../src/contract/branding.js'
import { parseColor, type Rgb } from '../../src/contract/colors.js'
import type { AppDatabase } from '../database/schema.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'

let db: AppDatabase
let testApp: TestApp

beforeAll(async () => {
  db = await createTestDatabase()
  testApp = await createTestApp({ database: db })
  await db
    .insertInto('hospitals')
    .values([
      {
        tenant: 'centro-sin-logo',
        nombre: 'Centro de Salud Alameda',
        color_primario: '#fff59d',
        color_secundario: '#ffffff',
        imagen: '',
      },
      {
        tenant: 'centro-logo-roto',
        nombre: 'Hospital Roto',
        color_primario: '#6a1b9a',
        color_secundario: '#ffffff',
        imagen: '/logos/no-existe.png',
      },
    ])
    .execute()
})

afterAll(async () => {
  await testApp.close()
  await db.destroy()
})

function icon(path: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ url: path, headers: { host: 'localhost', ...headers } })
}

interface Pixels {
  width: number
  at: (x: number, y: number) => Rgb
}

async function pixelsOf(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return {
    width: info.width,
    at: (x, y) => {
      const offset = (y * info.width + x) * info.channels
      return { r: data[offset] ?? 0, g: data[offset + 1] ?? 0, b: data[offset + 2] ?? 0 }
    },
  }
}

function rgbOf(hex: string): Rgb {
  const rgb = parseColor(hex)
  if (!rgb) throw new Error(`not a colour: ${hex}`)
  return rgb
}

const near = (a: Rgb, b: Rgb) =>
  Math.abs(a.r - b.r) <= 2 && Math.abs(a.g - b.g) <= 2 && Math.abs(a.b - b.b) <= 2

async function primaryOf(tenant: string): Promise<Rgb> {
  const response = await icon(`/api/hospitales?tenant=${tenant}`)
  const [record] = response.json<{ color_primario: string }[]>()
  return rgbOf(record?.color_primario ?? '')
}

describe('each hospital’s own icons', () => {
  it.each(['hospital-central', 'clinica-norte', 'clinica-sol'])(
    '%s: every icon on its primary colour, its logo in the middle',
    async (tenant) => {
      const primary = await primaryOf(tenant)
      for (const [kind, size] of [
        ['icon-192', 192],
        ['icon-512', 512],
        ['icon-maskable-512', 512],
        ['apple-touch-icon', 180],
        ['favicon', 32],
      ] as const) {
        const response = await icon(`/${tenant}/iconos/${kind}.png`)
        expect(response.statusCode, kind).toBe(200)
        expect(response.headers['content-type']).toBe('image/png')
        const pixels = await pixelsOf(response.rawPayload)
        expect(pixels.width).toBe(size)
        expect(near(pixels.at(0, 0), primary), `${kind} corner`).toBe(true)
        expect(near(pixels.at(size - 1, size - 1), primary), `${kind} corner`).toBe(true)
        const centre = Math.floor(size / 2)
        const middle = [-4, 0, 4].flatMap((dx) =>
          [-4, 0, 4].map((dy) => pixels.at(centre + dx, centre + dy)),
        )
        expect(
          middle.some((pixel) => !near(pixel, primary)),
          `${kind} logo`,
        ).toBe(true)
      }
    },
  )

  it('two hospitals never share an icon', async () => {
    const [central, norte] = await Promise.all(
      ['hospital-central', 'clinica-norte'].map((tenant) => icon(`/${tenant}/iconos/icon-512.png`)),
    )
    expect(central?.rawPayload.equals(norte?.rawPayload ?? Buffer.alloc(0))).toBe(false)
  })

  it('the maskable icon keeps the logo inside the central 80% circle', async () => {
    const primary = await primaryOf('hospital-central')
    const pixels = await pixelsOf(
      (await icon('/hospital-central/iconos/icon-maskable-512.png')).rawPayload,
    )
    const radius = 0.4 * 512
    for (let y = 0; y < 512; y += 4) {
      for (let x = 0; x < 512; x += 4) {
        if (Math.hypot(x + 0.5 - 256, y + 0.5 - 256) <= radius) continue
        expect(near(pixels.at(x, y), primary), `(${String(x)}, ${String(y)})`).toBe(true)
      }
    }
  })

  it.each([
    ['without a logo', 'centro-sin-logo', '#fff59d'],
    ['whose logo cannot be read', 'centro-logo-roto', '#6a1b9a'],
  ])('a hospital %s gets its initials in a readable colour on its own', async (_, tenant, hex) => {
    const readable = rgbOf(deriveBrandingColors(rgbOf(hex), rgbOf('#ffffff')).sobrePrimario)
    const pixels = await pixelsOf((await icon(`/${tenant}/iconos/icon-512.png`)).rawPayload)
    expect(near(pixels.at(0, 0), rgbOf(hex))).toBe(true)
    let inked = 0
    for (let y = 128; y < 384; y += 2) {
      for (let x = 128; x < 384; x += 2) if (near(pixels.at(x, y), readable)) inked += 1
    }
    expect(inked).toBeGreaterThan(500)
  })
})

describe('answers', () => {
  it('revalidated on every use, and 304 while the hospital’s branding is unchanged', async () => {
    const first = await icon('/clinica-norte/iconos/favicon.png')
    expect(first.headers['cache-control']).toBe('no-cache')
    const etag = String(first.headers.etag)
    const again = await icon('/clinica-norte/iconos/favicon.png', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)

    await db
      .updateTable('hospitals')
      .set({ color_primario: '#004d40' })
      .where('tenant', '=', 'clinica-norte')
      .execute()
    const recoloured = await icon('/clinica-norte/iconos/favicon.png', { 'if-none-match': etag })
    expect(recoloured.statusCode).toBe(200)
    expect(recoloured.headers.etag).not.toBe(etag)
  })

  it.each([
    ['/main/iconos/icon-192.png', '/icons/icon-192.png'],
    ['/hospital-que-no-existe/iconos/favicon.png', '/favicon.png'],
    ['/hospital-que-no-existe/iconos/apple-touch-icon.png', '/apple-touch-icon.png'],
  ])('%s, not a hospital, leads to the product’s icon %s', async (path, productIcon) => {
    const response = await icon(path)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(productIcon)
  })

  it.each([
    '/hospital-central/iconos/icon-1024.png',
    '/hospital-central/iconos/favicon.ico',
    '/hospital-central/iconos/__proto__.png',
    '/login/iconos/favicon.png',
    '/%61pi/iconos/favicon.png',
  ])('%s is not found', async (path) => {
    expect((await icon(path)).statusCode).toBe(404)
  })
})
