/**
 * The Content-Security-Policy allows scripts from this origin, and inline only the build's own
 * scripts, each by its hash ('unsafe-inline' nowhere in script-src): every other <script> of the
 * shell loads a file or is an inert JSON data block, and no markup carries an event handler or a
 * javascript: URL. (The browser journey tests/e2e/hardening.spec.ts checks the production build
 * for violations.)
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { inlineScriptHashes } from './inline-scripts.js'
import { buildCspDirectives } from './security-headers.js'
import { createTempDist, createTestApp, type TestApp } from '../testing/test-app.js'

const SOURCE_SHELL = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8')

// What the build writes ahead of the entry (scripts/shell-head.ts): the keeper, inline.
const KEEPER = '(function(){document.addEventListener(`submit`,()=>{},{capture:!0})})();'
const BUILT_SHELL = SOURCE_SHELL.replace('</head>', `<script>${KEEPER}</script></head>`)

/** Inline code the policy would block (or that would run without one). */
function findInlineCode(html: string, allowedHashes: readonly string[] = []): string[] {
  const found: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [tag = '', attributes = '', body = ''] = match
    const isFile = /\bsrc\s*=/i.test(attributes)
    const isData = /\btype\s*=\s*["']?application\/(?:ld\+)?json["']?/i.test(attributes)
    const isAllowed = inlineScriptHashes(tag).every((hash) => allowedHashes.includes(hash))
    if (isFile && body.trim() !== '') found.push(`script with both src and code: ${tag}`)
    if (!isFile && !isData && !(attributes === '' && isAllowed)) {
      found.push(`inline script: ${tag.slice(0, 80)}`)
    }
  }
  for (const match of html.matchAll(/<[a-z][^>]*\son[a-z]+\s*=[^>]*>/gi)) {
    found.push(`event handler attribute: ${match[0].slice(0, 80)}`)
  }
  if (/javascript:/i.test(html)) found.push('javascript: URL')
  return found
}

function scriptSources(csp: string | undefined): string[] {
  const directive = (csp ?? '').split(';').find((part) => part.trim().startsWith('script-src '))
  return directive?.trim().split(/\s+/).slice(1) ?? []
}

let testApp: TestApp | undefined

afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

describe("CSP: scripts from this origin, and the build's inline ones by hash", () => {
  it("script-src is 'self' and the hashes given, in the policy every answer carries", () => {
    for (const apiBaseUrl of ['', 'https://api.example.com/v1']) {
      const directives = buildCspDirectives(apiBaseUrl)
      expect(directives['script-src']).toEqual(["'self'"])
      expect(directives['object-src']).toEqual(["'none'"])
      expect(Object.values(directives).flat()).not.toContain("'unsafe-eval'")
      const withKeeper = buildCspDirectives(apiBaseUrl, inlineScriptHashes(BUILT_SHELL))
      expect(withKeeper['script-src']).toEqual(["'self'", ...inlineScriptHashes(BUILT_SHELL)])
    }
  })

  it('the source shell (index.html) has no inline code', () => {
    expect(findInlineCode(SOURCE_SHELL)).toEqual([])
  })

  it('the built shell as served runs the keeper, allowed by its hash, and no other inline code', async () => {
    const distDir = createTempDist()
    writeFileSync(join(distDir, 'index.html'), BUILT_SHELL)
    testApp = await createTestApp({ distDir, apiBaseUrl: 'https://api.example.com/v1' })
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/hospital-central/login',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('content="https://api.example.com/v1"')
    expect(response.body).toContain(`<script>${KEEPER}</script>`)
    const sources = scriptSources(response.headers['content-security-policy'])
    expect(sources).toEqual(["'self'", ...inlineScriptHashes(BUILT_SHELL)])
    expect(findInlineCode(response.body, sources)).toEqual([])
    // Every answer carries the same policy: the worker keeps the shell's headers with it.
    const file = await testApp.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(scriptSources(file.headers['content-security-policy'])).toEqual(sources)
  })

  it('without a build, script-src is this origin alone', async () => {
    testApp = await createTestApp({ withIndex: false })
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' })
    expect(scriptSources(response.headers['content-security-policy'])).toEqual(["'self'"])
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

    it('finds an inline script whose hash the policy does not hold', () => {
      const changed = BUILT_SHELL.replace(KEEPER, `${KEEPER}alert(1)`)
      expect(findInlineCode(changed, inlineScriptHashes(BUILT_SHELL))).toHaveLength(1)
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
