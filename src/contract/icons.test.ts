import { describe, expect, test } from 'vitest'
import { isTenantIconKind, tenantIconUrl, tenantManifestIcons } from './icons'

describe('tenant icons', () => {
  test('live under the tenant, percent-encoded', () => {
    expect(tenantIconUrl('hospital-central', 'favicon')).toBe(
      '/hospital-central/iconos/favicon.png',
    )
    expect(tenantIconUrl('clínica', 'icon-192')).toBe('/cl%C3%ADnica/iconos/icon-192.png')
  })

  test('the manifest gets the 192, 512 and maskable 512', () => {
    expect(tenantManifestIcons('clinica-sol')).toEqual([
      {
        src: '/clinica-sol/iconos/icon-192.png',
        sizes: '192x192',
        type: 'image/png',
        purpose: 'any',
      },
      {
        src: '/clinica-sol/iconos/icon-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'any',
      },
      {
        src: '/clinica-sol/iconos/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ])
  })

  test.each(['favicon', 'apple-touch-icon', 'icon-maskable-512'])('%s is a kind', (kind) => {
    expect(isTenantIconKind(kind)).toBe(true)
  })

  test.each(['toString', '__proto__', 'icon-1024', '', '../favicon'])('%j is not', (kind) => {
    expect(isTenantIconKind(kind)).toBe(false)
  })
})
