import { describe, expect, it } from 'vitest'
import {
  BRANDING_CSS_VARIABLES,
  DEFAULT_COLORS,
  deriveBrandingColors,
} from '../../contract/branding'
import { applyBrandingToDocument } from './apply-branding'

const COLORS = deriveBrandingColors({ r: 0, g: 170, b: 85 }, { r: 200, g: 30, b: 40 })
const CENTRAL = { colors: COLORS, nombre: 'Hospital Central' }

// A document of its own, as the function accepts one (its elements have no window, so plain
// getAttribute rather than jest-dom matchers).
function makeDocument(
  head = '<meta name="theme-color" content="#000000"><meta name="application-name" content="Clínica">' +
    '<meta name="apple-mobile-web-app-title" content="Clínica">' +
    '<link rel="manifest" href="/manifest.webmanifest"><link rel="icon" href="/favicon.png">' +
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
) {
  const doc = document.implementation.createHTMLDocument('')
  doc.head.innerHTML = head
  return doc
}

function variables(doc: Document) {
  return Object.fromEntries(
    Object.values(BRANDING_CSS_VARIABLES).map((name) => [
      name,
      doc.documentElement.style.getPropertyValue(name),
    ]),
  )
}

describe('applyBrandingToDocument', () => {
  it("sets every colour variable, the theme colour and the tenant's manifest", () => {
    const doc = makeDocument()

    applyBrandingToDocument('hospital-central', CENTRAL, doc)

    expect(variables(doc)).toEqual({
      '--color-primario': '#00aa55',
      '--color-secundario': '#c81e28',
      '--color-sobre-primario': COLORS.sobrePrimario,
      '--color-sobre-secundario': COLORS.sobreSecundario,
      '--color-primario-texto': COLORS.primarioTexto,
      '--color-secundario-texto': COLORS.secundarioTexto,
    })
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#00aa55')
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/hospital-central/manifest.webmanifest',
    )
    expect(doc.documentElement.dataset.tenant).toBe('hospital-central')
  })

  it('names the hospital for the browser and the home screen, with its own icons', () => {
    const doc = makeDocument()

    applyBrandingToDocument('hospital-central', CENTRAL, doc)

    const attribute = (selector: string, name: string) =>
      doc.querySelector(selector)?.getAttribute(name)
    expect(attribute('meta[name="application-name"]', 'content')).toBe('Hospital Central')
    expect(attribute('meta[name="apple-mobile-web-app-title"]', 'content')).toBe('Hospital Central')
    expect(attribute('link[rel="icon"]', 'href')).toBe('/hospital-central/iconos/favicon.png')
    expect(attribute('link[rel="apple-touch-icon"]', 'href')).toBe(
      '/hospital-central/iconos/apple-touch-icon.png',
    )

    applyBrandingToDocument('main', null, doc)

    expect(attribute('meta[name="application-name"]', 'content')).toBe('Clínica')
    expect(attribute('link[rel="icon"]', 'href')).toBe('/favicon.png')
    expect(attribute('link[rel="apple-touch-icon"]', 'href')).toBe('/apple-touch-icon.png')
  })

  it('restores the defaults for null colours', () => {
    const doc = makeDocument()
    applyBrandingToDocument('hospital-central', CENTRAL, doc)

    applyBrandingToDocument('main', null, doc)

    expect(variables(doc)).toMatchObject({
      '--color-primario': DEFAULT_COLORS.primario,
      '--color-secundario': DEFAULT_COLORS.secundario,
      '--color-sobre-primario': DEFAULT_COLORS.sobrePrimario,
    })
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      DEFAULT_COLORS.primario,
    )
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/main/manifest.webmanifest',
    )
  })

  it('percent-encodes the tenant in the manifest URL', () => {
    const doc = makeDocument()

    applyBrandingToDocument('clínica-sur', CENTRAL, doc)

    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/cl%C3%ADnica-sur/manifest.webmanifest',
    )
  })

  it('still sets the colours when the page has no theme-color or manifest tag', () => {
    const doc = makeDocument('')

    applyBrandingToDocument('hospital-central', CENTRAL, doc)

    expect(variables(doc)['--color-primario']).toBe('#00aa55')
  })
})
