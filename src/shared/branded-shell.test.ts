import { describe, expect, test } from 'vitest'
import {
  DEFAULT_COLORS,
  parseHospitalesAnswer,
  toCssDeclarations,
  type Branding,
} from '../contract/branding'
import {
  BRANDED_SHELL_ATTRIBUTE,
  BRANDING_DATA_ELEMENT_ID,
  escapeAttribute,
  injectBrandingIntoShell,
  serializeScriptJson,
} from './branded-shell'

// The built index.html, as the lead's index.html and the default-branding plugin produce it.
const SHELL = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="theme-color" content="#1f4e8c" />
    <meta name="api-base-url" content="" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <link rel="icon" type="image/png" href="/favicon.png" />
    <title>Clínica</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <style id="default-branding">:root{--color-primario:#1f4e8c}</style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

function brandingOf(tenant: string, nombre: string | null, imagen: string | null = null): Branding {
  const result = parseHospitalesAnswer(
    [{ tenant, nombre, color_primario: '#8c1f4e', color_secundario: '#fff59d', imagen }],
    tenant,
    'https://api.example',
  )
  if (!result.ok) throw new Error(result.reason)
  return result.branding
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}

function readBrandingBlock(doc: Document): unknown {
  const block = doc.getElementById(BRANDING_DATA_ELEMENT_ID)
  expect(block?.getAttribute('type')).toBe('application/json')
  return JSON.parse(block?.textContent ?? 'null')
}

describe('injectBrandingIntoShell', () => {
  test('paints colours, theme colour, manifest, tenant and the branding data', () => {
    const branding = brandingOf(
      'hospital-central',
      'Hospital Central',
      'https://logos.example/c.png',
    )
    const doc = parse(injectBrandingIntoShell(SHELL, branding, 'hospital-central'))

    const root = doc.documentElement
    expect(root.getAttribute('lang')).toBe('es')
    expect(root.dataset.tenant).toBe('hospital-central')
    expect(root.getAttribute('style')).toBe(toCssDeclarations(branding.colors))
    expect(root.hasAttribute(BRANDED_SHELL_ATTRIBUTE)).toBe(true)
    expect(root.style.getPropertyValue('--color-primario')).toBe('#8c1f4e')
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#8c1f4e')
    expect(doc.querySelectorAll('link[rel="manifest"]')).toHaveLength(1)
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/hospital-central/manifest.webmanifest',
    )
    expect(readBrandingBlock(doc)).toEqual(branding)
    const preload = doc.querySelector('link[rel="preload"][as="image"]')
    expect(preload?.getAttribute('href')).toBe('https://logos.example/c.png')
    expect(preload?.getAttribute('referrerpolicy')).toBe('no-referrer')
    // The block is data, never a script the CSP would have to allow.
    expect(doc.querySelectorAll('script:not([type="application/json"])')).toHaveLength(1)
    expect(doc.querySelector('meta[name="api-base-url"]')).not.toBeNull()
  })

  test('with no branding only the tenant and its manifest are set', () => {
    const html = injectBrandingIntoShell(SHELL, null, 'main')
    const doc = parse(html)
    expect(doc.documentElement.dataset.tenant).toBe('main')
    expect(doc.documentElement.hasAttribute('style')).toBe(false)
    expect(doc.documentElement.hasAttribute(BRANDED_SHELL_ATTRIBUTE)).toBe(false)
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      DEFAULT_COLORS.primario,
    )
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/main/manifest.webmanifest',
    )
    expect(doc.getElementById(BRANDING_DATA_ELEMENT_ID)).toBeNull()
    expect(html).toContain('<link rel="icon" type="image/png" href="/favicon.png" />')
  })

  test('another tenant’s branding is treated as none', () => {
    const doc = parse(
      injectBrandingIntoShell(SHELL, brandingOf('clinica-norte', 'Norte'), 'clinica-sol'),
    )
    expect(doc.documentElement.hasAttribute('style')).toBe(false)
    expect(doc.getElementById(BRANDING_DATA_ELEMENT_ID)).toBeNull()
  })

  test('an invalid branding is treated as none', () => {
    const branding = brandingOf('clinica-sol', 'Sol')
    const hostile = { ...branding, colors: { ...branding.colors, primario: 'red;}body{x:url(y)' } }
    const html = injectBrandingIntoShell(SHELL, hostile, 'clinica-sol')
    expect(html).not.toContain('url(y)')
    expect(parse(html).documentElement.hasAttribute('style')).toBe(false)
  })

  test('a data: logo is not preloaded', () => {
    const branding = { ...brandingOf('clinica-sol', 'Sol'), logoUrl: 'data:image/png;base64,AAAA' }
    const doc = parse(injectBrandingIntoShell(SHELL, branding, 'clinica-sol'))
    expect(doc.querySelector('link[rel="preload"]')).toBeNull()
  })

  test('attribute order, quotes and case do not matter', () => {
    const shell = `<!DOCTYPE html><HTML data-tenant='old' LANG=es style="color:red">
<head><META content='#000000' NAME='Theme-Color'><link href='/manifest.webmanifest' rel='Manifest'>
</HEAD><body></body></HTML>`
    const branding = brandingOf('clinica-sol', 'Sol')
    const html = injectBrandingIntoShell(shell, branding, 'clinica-sol')
    const doc = parse(html)
    expect(doc.documentElement.getAttribute('lang')).toBe('es')
    expect(doc.documentElement.dataset.tenant).toBe('clinica-sol')
    expect(doc.documentElement.getAttribute('style')).toBe(toCssDeclarations(branding.colors))
    expect(doc.querySelector('meta')?.getAttribute('content')).toBe('#8c1f4e')
    expect(doc.querySelector('link[rel="Manifest"]')?.getAttribute('href')).toBe(
      '/clinica-sol/manifest.webmanifest',
    )
    expect(html.match(/data-tenant/g)).toHaveLength(1)
  })

  test('transforming twice gives one data block and one preload', () => {
    const branding = brandingOf('clinica-sol', 'Sol', 'https://logos.example/sol.png')
    const once = injectBrandingIntoShell(SHELL, branding, 'clinica-sol')
    const twice = injectBrandingIntoShell(once, branding, 'clinica-sol')
    expect(twice).toBe(once)
  })

  test('markup-looking text outside the head is left alone', () => {
    const shell = SHELL.replace(
      '<div id="root"></div>',
      '<p>&lt;link rel="manifest" href="x"&gt;</p>',
    )
    const html = injectBrandingIntoShell(shell, null, 'main')
    expect(html).toContain('<p>&lt;link rel="manifest" href="x"&gt;</p>')
  })

  test('hostile tenant ids and names never break out of their attribute or the data block', () => {
    const tenant = `x"><script>alert(1)</script>&'\u2028`
    const nombre = `</script><script>alert(2)</script><!-- & \u2028\u2029 x`
    const branding = { ...brandingOf('clinica-sol', null), nombre, tenant }
    const html = injectBrandingIntoShell(SHELL, branding, tenant)
    const doc = parse(html)

    expect(doc.querySelectorAll('script')).toHaveLength(2)
    expect(html).not.toContain('<script>alert')
    expect(doc.documentElement.dataset.tenant).toBe(tenant)
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      `/${encodeURIComponent(tenant)}/manifest.webmanifest`,
    )
    expect(readBrandingBlock(doc)).toMatchObject({ tenant, nombre })
  })

  test('a shell without </head> still gets its attributes', () => {
    const html = injectBrandingIntoShell(
      '<html><link rel=manifest href=/m>',
      brandingOf('a1', 'A'),
      'a1',
    )
    expect(html).toContain('data-tenant="a1"')
    expect(html).toContain('href="/a1/manifest.webmanifest"')
  })
})

describe('escaping helpers', () => {
  test('escapeAttribute escapes every character that could end or open markup', () => {
    expect(escapeAttribute(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })

  test('serializeScriptJson stays valid JSON without <, >, & or line separators', () => {
    const value = { text: '</script><!--&\u2028\u2029' }
    const json = serializeScriptJson(value)
    expect(json).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(json)).toEqual(value)
  })
})
