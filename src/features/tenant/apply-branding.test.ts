import { describe, expect, it } from 'vitest'
import {
  BRANDING_CSS_VARIABLES,
  BRANDING_TOKENS_ELEMENT_ID,
  DEFAULT_COLORS,
  deriveBrandingColors,
} from '../../contract/branding'
import { deriveNoticeColors } from '../../contract/notice-colors'
import { fillAppShell, SHELL_SLOTS } from '../../contract/app-shell'
import { applyBrandingToDocument } from './apply-branding'

function slotMarkers(name: string): string {
  return `<!--shell:${name}--><!--/shell:${name}-->`
}

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

// The colour tokens as the document's one rule for them declares them (a document without a
// window computes no styles).
function variables(doc: Document) {
  const rule = doc.getElementById(BRANDING_TOKENS_ELEMENT_ID)?.textContent ?? ''
  const declared = new Map(
    [...rule.matchAll(/(--[a-z-]+):([^;}]+)/g)].map(([, name, value]) => [name, value]),
  )
  return Object.fromEntries(
    Object.values(BRANDING_CSS_VARIABLES).map((name) => [name, declared.get(name) ?? '']),
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

  it("sets the connection banner's colours derived from the hospital's", () => {
    const doc = makeDocument()

    applyBrandingToDocument('hospital-central', CENTRAL, doc)

    const notice = deriveNoticeColors(CENTRAL.colors)
    const rule = doc.getElementById(BRANDING_TOKENS_ELEMENT_ID)?.textContent ?? ''
    expect(rule).toContain(`--color-aviso-fondo:${notice.fondo}`)
    expect(rule).toContain(`--color-aviso-texto:${notice.texto}`)
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

  it('writes nothing when the document already shows that branding, and a new one once', () => {
    const doc = makeDocument()
    applyBrandingToDocument('hospital-central', CENTRAL, doc)
    const observer = new MutationObserver(() => undefined)
    observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true })

    applyBrandingToDocument('hospital-central', CENTRAL, doc)
    expect(observer.takeRecords()).toEqual([])

    applyBrandingToDocument('hospital-central', { ...CENTRAL, colors: DEFAULT_COLORS }, doc)
    const written = observer.takeRecords()
    observer.disconnect()
    // The tokens' text, the theme colour: nothing else changed.
    expect(written.map((record) => record.target.nodeName).sort()).toEqual(['META', 'STYLE'])
  })

  it('starts from a shell painted in the branding without writing to it', () => {
    // The shell as the server and the worker send it for the hospital.
    const shell = fillAppShell(
      `<html><head>${slotMarkers(SHELL_SLOTS.brandingHead)}</head><body></body></html>`,
      {
        pathname: '/hospital-central/login',
        branding: { tenant: 'hospital-central', logoUrl: null, ...CENTRAL },
      },
    )
    const doc = new DOMParser().parseFromString(shell, 'text/html')
    doc.documentElement.dataset.tenant = 'hospital-central'
    const observer = new MutationObserver(() => undefined)
    observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true })

    applyBrandingToDocument('hospital-central', CENTRAL, doc)

    expect(observer.takeRecords()).toEqual([])
    observer.disconnect()
  })
})
