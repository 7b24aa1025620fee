import { describe, expect, test } from 'vitest'
import productManifest from '../../manifest.webmanifest?raw'
import { DEFAULT_COLORS, type Branding } from './branding'
import { parseHospitalesAnswer } from './branding-answer'
import { tenantManifestIcons } from './icons'
import { buildTenantManifest, parseBaseManifest, shortenName, type BaseManifest } from './manifest'

function readBase(): BaseManifest {
  const base = parseBaseManifest(JSON.parse(productManifest))
  if (!base) throw new Error('manifest.webmanifest lacks a field every tenant needs')
  return base
}

const BASE = readBase()
const APP_ICONS = BASE.icons

function brandingOf(
  tenant: string,
  nombre: string | null,
  extra: Partial<Branding> = {},
): Branding {
  const result = parseHospitalesAnswer(
    [{ tenant, nombre, color_primario: '#8c1f4e', color_secundario: '#fff59d', imagen: null }],
    tenant,
    'https://api.example',
  )
  if (!result.ok) throw new Error(result.reason)
  return { ...result.branding, ...extra }
}

describe('buildTenantManifest', () => {
  test('a branded tenant installs as its own app', () => {
    const manifest = buildTenantManifest(
      BASE,
      'hospital-central',
      brandingOf('hospital-central', 'Hospital Central'),
    )
    expect(manifest).toEqual({
      id: '/hospital-central/',
      name: 'Hospital Central',
      short_name: 'H. Central',
      description: 'Portal de Hospital Central para pacientes y profesionales.',
      lang: 'es',
      dir: 'ltr',
      start_url: '/hospital-central/login',
      scope: '/hospital-central/',
      display: 'standalone',
      theme_color: '#8c1f4e',
      background_color: '#fff59d',
      icons: tenantManifestIcons('hospital-central'),
    })
  })

  test('without branding it is the portal’s manifest: no install identity of its own', () => {
    const manifest = buildTenantManifest(BASE, 'clinica-norte', null)
    expect(manifest).toEqual(buildTenantManifest(BASE, 'main', null))
    expect(manifest).toMatchObject({
      id: '/main/',
      name: 'Clínica',
      short_name: 'Clínica',
      start_url: '/main/login',
      theme_color: DEFAULT_COLORS.primario,
      background_color: '#ffffff',
      icons: APP_ICONS,
    })
    expect(manifest.description).toMatch(/^Portal de clínicas/)
  })

  test('another tenant’s branding is ignored', () => {
    const manifest = buildTenantManifest(
      BASE,
      'clinica-norte',
      brandingOf('hospital-central', 'Central'),
    )
    expect(manifest.name).toBe('Clínica')
    expect(manifest.theme_color).toBe(DEFAULT_COLORS.primario)
  })

  test('the short name a hospital set is its home-screen label, else its name shortened', () => {
    const branding = brandingOf('hospital-central', 'Hospital Central')
    expect(buildTenantManifest(BASE, 'hospital-central', branding).short_name).toBe('H. Central')
    expect(
      buildTenantManifest(BASE, 'hospital-central', { ...branding, nombreCorto: 'Central' })
        .short_name,
    ).toBe('Central')
  })

  test('a branding without a name keeps the colours and the product name', () => {
    const manifest = buildTenantManifest(BASE, 'clinica-sol', brandingOf('clinica-sol', null))
    expect(manifest.name).toBe('Clínica')
    expect(manifest.theme_color).toBe('#8c1f4e')
  })

  test('a Unicode tenant id is percent-encoded in every URL', () => {
    const manifest = buildTenantManifest(BASE, 'clínica-añil', brandingOf('clínica-añil', 'Añil'))
    expect(manifest.id).toBe('/cl%C3%ADnica-a%C3%B1il/')
    expect(manifest.scope).toBe('/cl%C3%ADnica-a%C3%B1il/')
    expect(manifest.start_url).toBe('/cl%C3%ADnica-a%C3%B1il/login')
  })

  test('a hospital installs with its own icons; without branding the product’s', () => {
    const branding = brandingOf('hospital-central', 'Hospital Central', {
      logoUrl: 'https://logos.example/central.png',
    })
    expect(buildTenantManifest(BASE, 'hospital-central', branding).icons).toEqual(
      tenantManifestIcons('hospital-central'),
    )
    expect(buildTenantManifest(BASE, 'hospital-central', null).icons).toEqual(APP_ICONS)
  })

  test('manifest.webmanifest, the base the build serves, is main’s own manifest', () => {
    expect(JSON.parse(productManifest)).toEqual(buildTenantManifest(BASE, 'main', null))
  })
})

describe('shortenName', () => {
  test.each([
    ['Clínica', 'Clínica'],
    ['Hospital Central', 'H. Central'],
    ['Hospital Universitario La Paz', 'H. U. La Paz'],
    ['  Clínica   Norte ', 'C. Norte'],
    ['Supercalifragilístico', 'Supercalifr…'],
  ])('%s → %s', (name, expected) => {
    expect(shortenName(name)).toBe(expected)
    expect(Array.from(shortenName(name)).length).toBeLessThanOrEqual(12)
  })
})

describe('parseBaseManifest', () => {
  test.each([
    ['nothing', null],
    ['an array', []],
    ['no name', { ...BASE, name: undefined }],
    ['icons that are not a list', { ...BASE, icons: 'icon.png' }],
    ['an icon without src', { ...BASE, icons: [{ sizes: '192x192', purpose: 'any' }] }],
    ['an icon of an unknown purpose', { ...BASE, icons: [{ ...BASE.icons[0], purpose: 'badge' }] }],
  ])('refuses a base manifest with %s', (_, value) => {
    expect(parseBaseManifest(value)).toBeNull()
  })

  test('keeps only what the tenants derive from', () => {
    expect(Object.keys(BASE).sort()).toEqual([
      'background_color',
      'description',
      'icons',
      'name',
      'theme_color',
    ])
  })
})
