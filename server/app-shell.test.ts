import { describe, expect, it } from 'vitest'
import { escapeHtmlAttribute, injectApiBaseUrl, linkTenantManifest } from './app-shell.js'

const HTML = '<head><meta name="api-base-url" content="" /><title>x</title></head>'

describe('injectApiBaseUrl', () => {
  it('fills the placeholder', () => {
    expect(injectApiBaseUrl(HTML, 'https://api.example.com')).toBe(
      '<head><meta name="api-base-url" content="https://api.example.com" /><title>x</title></head>',
    )
  })

  it('leaves the placeholder alone when no URL is configured', () => {
    expect(injectApiBaseUrl(HTML, '')).toBe(HTML)
  })

  it('escapes the value and is not fooled by replacement patterns', () => {
    const html = injectApiBaseUrl(HTML, `https://x.example/"><script>alert('$&')</script>`)
    expect(html).not.toContain('<script>')
    expect(html).toContain(
      'content="https://x.example/&quot;&gt;&lt;script&gt;alert(&#39;$&amp;&#39;)&lt;/script&gt;"',
    )
  })

  it('escapes every HTML-significant character', () => {
    expect(escapeHtmlAttribute(`&"'<>`)).toBe('&amp;&quot;&#39;&lt;&gt;')
  })
})

describe('linkTenantManifest', () => {
  const SHELL = '<head><link rel="manifest" href="/manifest.webmanifest" /><title>x</title></head>'

  it("points the manifest link at the tenant's own manifest", () => {
    expect(linkTenantManifest(SHELL, 'clinica-norte')).toBe(
      '<head><link rel="manifest" href="/clinica-norte/manifest.webmanifest" /><title>x</title></head>',
    )
  })

  it('percent-encodes a tenant written in other letters', () => {
    expect(linkTenantManifest(SHELL, 'clínica-añil')).toContain(
      'href="/cl%C3%ADnica-a%C3%B1il/manifest.webmanifest"',
    )
  })

  it('leaves a shell without a manifest link alone', () => {
    const html = '<head><title>x</title></head>'
    expect(linkTenantManifest(html, 'clinica-norte')).toBe(html)
  })
})
