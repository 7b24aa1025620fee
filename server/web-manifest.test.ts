import { describe, expect, it } from 'vitest'
import { buildWebManifest, shortenName } from './web-manifest.js'

describe('shortenName', () => {
  it.each([
    ['Clínica Sol', 'Clínica Sol'],
    ['Hospital Central', 'H. Central'],
    ['Clínica Norte', 'C. Norte'],
    ['Hospital Universitario La Paz', 'H. U. La Paz'],
    ['Otorrinolaringología', 'Otorrinolar…'],
    ['  Clínica   Sol  ', 'Clínica Sol'],
  ])('shortens %j to %j (at most 12 characters)', (name, expected) => {
    expect(shortenName(name)).toBe(expected)
    expect(Array.from(shortenName(name)).length).toBeLessThanOrEqual(12)
  })
})

describe('buildWebManifest', () => {
  it('falls back to the default colours when stored ones are not hex colours', () => {
    const manifest = buildWebManifest({
      tenant: 'x',
      hospital: {
        tenant: 'x',
        nombre: 'X',
        color_primario: 'red;}body{display:none',
        color_secundario: 'url(javascript:alert(1))',
        imagen: 'https://cdn.example.com/x.png',
      },
      hasServerLogo: false,
    })
    expect(manifest.theme_color).toBe('#1f4e8c')
    expect(manifest.background_color).toBe('#ffffff')
    expect(manifest.icons.map((icon) => icon.src)).not.toContain('https://cdn.example.com/x.png')
  })
})
