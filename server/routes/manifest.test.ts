import { afterEach, describe, expect, it } from 'vitest'
import type { AppDatabase } from '../database/schema.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'

// Asymmetric matchers are typed any; typed unknown they satisfy the strict lint rules.
const ANY_STRING: unknown = expect.any(String)
const MENTIONS_HOSPITAL_CENTRAL: unknown = expect.stringContaining('Hospital Central')

let testApp: TestApp | undefined
let db: AppDatabase | undefined

afterEach(async () => {
  await testApp?.close()
  await db?.destroy()
  testApp = undefined
  db = undefined
})

async function getManifest(url: string, options: Parameters<typeof createTestApp>[0] = {}) {
  testApp ??= await createTestApp(options)
  return testApp.app.inject({ method: 'GET', url })
}

const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
]

describe('GET /:tenant/manifest.webmanifest', () => {
  it('gives a seeded tenant its own identity, name, colours and icons', async () => {
    const response = await getManifest('/hospital-central/manifest.webmanifest')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.json()).toEqual({
      id: '/hospital-central/',
      name: 'Hospital Central',
      short_name: 'H. Central',
      description: MENTIONS_HOSPITAL_CENTRAL,
      lang: 'es',
      dir: 'ltr',
      start_url: '/hospital-central/login',
      scope: '/hospital-central/',
      display: 'standalone',
      theme_color: '#0b5394',
      background_color: '#38761d',
      icons: [
        // The hospital's own icons, drawn from its logo and colours.
        {
          src: '/hospital-central/iconos/icon-192.png',
          sizes: '192x192',
          type: 'image/png',
          purpose: 'any',
        },
        {
          src: '/hospital-central/iconos/icon-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'any',
        },
        {
          src: '/hospital-central/iconos/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    })
  })

  it('gives main the default branding under its own scope', async () => {
    const response = await getManifest('/main/manifest.webmanifest')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      id: '/main/',
      name: 'Clínica',
      short_name: 'Clínica',
      description: ANY_STRING,
      lang: 'es',
      dir: 'ltr',
      start_url: '/main/login',
      scope: '/main/',
      display: 'standalone',
      theme_color: '#1f4e8c',
      background_color: '#ffffff',
      icons: APP_ICONS,
    })
  })

  it("gives an unknown address the portal's manifest: the product's name, no identity of its own", async () => {
    const portal = (await getManifest('/main/manifest.webmanifest')).json<object>()
    for (const url of [
      '/otro-hospital/manifest.webmanifest?v=2',
      // Written in other letters, as the app accepts a tenant id: answered, never a 404.
      '/cl%C3%ADnica-a%C3%B1il/manifest.webmanifest',
    ]) {
      const response = await getManifest(url)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual(portal)
      expect(response.json()).toMatchObject({
        id: '/main/',
        name: 'Clínica',
        start_url: '/main/login',
        theme_color: '#1f4e8c',
      })
    }
  })

  it('keeps a short name already short enough', async () => {
    const response = await getManifest('/clinica-sol/manifest.webmanifest')
    expect(response.json()).toMatchObject({ short_name: 'Clínica Sol', theme_color: '#fff59d' })
  })

  it.each([
    '/login/manifest.webmanifest',
    '/admin/manifest.webmanifest',
    '/assets/manifest.webmanifest',
    '/%2e%2e/manifest.webmanifest',
    '/a%2Fb/manifest.webmanifest',
    '/%3Cscript%3E/manifest.webmanifest',
    '/-x/manifest.webmanifest',
    `/${'a'.repeat(101)}/manifest.webmanifest`,
  ])('answers 404 to the hostile or reserved %s', async (url) => {
    const response = await getManifest(url)
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('"start_url"')
  })

  it('answers JSON 404 under /api/', async () => {
    const response = await getManifest('/api/manifest.webmanifest')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'not_found' })
  })

  it('ignores stored colours that are not hex and logos it does not serve', async () => {
    db = await createTestDatabase()
    testApp = await createTestApp({ database: db })
    await db
      .updateTable('hospitals')
      .set({
        color_primario: 'red;}',
        color_secundario: 'url(x)',
        imagen: 'https://cdn.example.com/logo.png',
      })
      .where('tenant', '=', 'clinica-norte')
      .execute()
    const response = await getManifest('/clinica-norte/manifest.webmanifest')
    expect(response.json()).toMatchObject({
      theme_color: '#1f4e8c',
      background_color: '#ffffff',
      icons: APP_ICONS,
    })
  })
})
