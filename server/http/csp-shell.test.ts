/**
 * The Content-Security-Policy allows scripts from this origin only ('unsafe-inline' nowhere in
 * script-src), so the HTML shell must run without any inline script: every <script> loads a file
 * or is an inert JSON data block, and no markup carries an event handler or a javascript: URL.
 * (The browser journey tests/e2e/hardening.spec.ts checks the production build for violations.)
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildCspDirectives } from './security-headers.js'
import { createTempDist, createTestApp, type TestApp } from '../testing/test-app.js'

const SOURCE_SHELL = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8')

/** Inline code a CSP without 'unsafe-inline' would block (or that would run without one). */
function findInlineCode(html: string): string[] {
  const found: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [tag = '', attributes = '', body = ''] = match
    const isFile = /\bsrc\s*=/i.test(attributes)
    const isData = /\btype\s*=\s*["']?application\/(?:ld\+)?json["']?/i.test(attributes)
    if (isFile && body.trim() !== '') found.push(`script with both src and code: ${tag}`)
    if (!isFile && !isData) found.push(`inline script: ${tag.slice(0, 80)}`)
  }
  for (const match of html.matchAll(/<[a-z][^>]*\son[a-z]+\s*=[^>]*>/gi)) {
    found.push(`event handler attribute: ${match[0].slice(0, 80)}`)
  }
  if (/javascript:/i.test(html)) found.push('javascript: URL')
  return found
}

let testApp: TestApp | undefined

afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

describe('CSP: scripts from this origin only', () => {
  it("script-src is 'self' alone, in the policy every answer carries", () => {
    for (const apiBaseUrl of ['', 'https://api.example.com/v1']) {
      const directives = buildCspDirectives(apiBaseUrl)
      expect(directives['script-src']).toEqual(["'self'"])
      expect(directives['object-src']).toEqual(["'none'"])
      expect(Object.values(directives).flat()).not.toContain("'unsafe-eval'")
    }
  })

  it('the source shell (index.html) has no inline code', () => {
    expect(findInlineCode(SOURCE_SHELL)).toEqual([])
  })

  it('the shell as served, with its API base URL written in, has no inline code', async () => {
    const distDir = createTempDist()
    writeFileSync(join(distDir, 'index.html'), SOURCE_SHELL)
    testApp = await createTestApp({ distDir, apiBaseUrl: 'https://api.example.com/v1' })
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/hospital-central/login',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('content="https://api.example.com/v1"')
    expect(findInlineCode(response.body)).toEqual([])
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/)
  })

  describe('the check itself', () => {
    it.each([
      ['an inline script', '<script>alert(1)</script>'],
      ['an inline module', '<script type="module">import "/x.js"</script>'],
      ['src with code', '<script src="/a.js">alert(1)</script>'],
      ['an event handler', '<img src="/x.png" onerror="alert(1)">'],
      ['a javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ])('finds %s', (_, html) => {
      expect(findInlineCode(html)).toHaveLength(1)
    })

    it('accepts file scripts and JSON data blocks', () => {
      expect(
        findInlineCode(
          '<script type="module" src="/assets/a.js"></script>' +
            '<script type="application/json" id="tenant-branding">{"a":1}</script>',
        ),
      ).toEqual([])
    })
  })
})
