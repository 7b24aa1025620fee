import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { SCREEN_PLACEHOLDERS, screenShellUrl } from '../../src/contract/app-shell.js'
import { createTestApp, TEST_ASSET_JS, TEST_INDEX_HTML, type TestApp } from '../testing/test-app.js'

// Asymmetric matchers are typed any; typed unknown they satisfy the strict lint rules.
const ANY_STRING: unknown = expect.any(String)

let testApp: TestApp | undefined

afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

async function request(
  url: string,
  { method = 'GET', accept = '*/*', headers = {}, ...options }: RequestOptions = {},
) {
  testApp ??= await createTestApp(options)
  return testApp.app.inject({ method, url, headers: { accept, ...headers } })
}

interface RequestOptions extends NonNullable<Parameters<typeof createTestApp>[0]> {
  method?: 'GET' | 'HEAD' | 'POST'
  accept?: string
  headers?: Record<string, string>
}

const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

describe('static files', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const response = await request('/assets/index-abc123.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.body).toBe(TEST_ASSET_JS)
  })

  it.each([
    ['/sw.js', /javascript/],
    ['/robots.txt', /^text\/plain/],
  ])('revalidates the un-hashed file %s', async (url, type) => {
    const response = await request(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(type)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('compresses text with %s', async (encoding, decompress) => {
    const response = await request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': encoding },
    })
    expect(response.headers['content-encoding']).toBe(encoding)
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(response.rawPayload.length).toBeLessThan(TEST_ASSET_JS.length)
    expect(decompress(response.rawPayload).toString()).toBe(TEST_ASSET_JS)
  })

  it("sends the build's own brotli copy as is, with the file's type and cache rule", async () => {
    testApp = await createTestApp()
    // Not what compressing the file would give: proof the copy is what went out.
    const copy = brotliCompressSync(Buffer.from('/* the build compressed this */'))
    writeFileSync(join(testApp.distDir, 'assets', 'index-abc123.js.br'), copy)
    const response = await request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.rawPayload.equals(copy)).toBe(true)
    // A client without brotli gets the file itself, compressed its own way.
    const gzip = await request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(TEST_ASSET_JS)
  })

  it('prefers brotli when both are accepted', async () => {
    const response = await request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(response.headers['content-encoding']).toBe('br')
  })

  it.each(['/assets/missing.js', '/missing.png', '/hospital-central/logo.svg'])(
    'answers a plain 404 when a page asks for the missing file %s',
    async (url) => {
      const response = await request(url, { accept: '*/*' })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^text\/plain/)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.body).not.toContain('<html')
    },
  )

  it.each([
    '/..%2f..%2fetc/passwd',
    '/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/assets/..%2f..%2f..%2fetc%2fpasswd.txt',
    '/%2e%2e/%2e%2e/%2e%2e/etc/hosts.txt',
    '/assets/%2e%2e%5c%2e%2e%5cpackage.json',
    '/assets/index-abc123.js%00.png',
  ])('never leaves the dist directory for %s', async (url) => {
    const asFile = await request(url, { accept: '*/*' })
    expect(asFile.statusCode).toBe(404)
    expect(asFile.body).not.toMatch(/root:|localhost|"dependencies"/)
    // A navigation never reads the path from disk: it gets the shell, whose routing rules apply.
    const asNavigation = await request(url, { accept: NAVIGATION })
    expect(asNavigation.body).toBe(TEST_INDEX_HTML)
  })

  it('never serves dotfiles', async () => {
    testApp = await createTestApp()
    writeFileSync(join(testApp.distDir, '.env'), 'TOKEN_SECRET=do-not-leak')
    const response = await request('/.env')
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('do-not-leak')
  })
})

describe('SPA fallback', () => {
  it.each(['/', '/hospital-central', '/hospital-central/login', '/main/admin/usuarios'])(
    'answers the navigation %s with the HTML shell, revalidated',
    async (url) => {
      const response = await request(url, { accept: NAVIGATION })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe(TEST_INDEX_HTML)
    },
  )

  it.each([
    '//evil.example',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '/clinica.sol',
    '/hospital-central/informe.pdf',
  ])('answers the navigation %s with the shell, whatever its last segment', async (url) => {
    const response = await request(url, { accept: NAVIGATION })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(TEST_INDEX_HTML)
  })

  it('never answers a navigation with a dotfile', async () => {
    testApp = await createTestApp()
    writeFileSync(join(testApp.distDir, '.env'), 'TOKEN_SECRET=do-not-leak')
    const response = await request('/.env', { accept: NAVIGATION })
    expect(response.body).not.toContain('do-not-leak')
  })

  describe("the tenant's manifest in the shell", () => {
    const SHELL_WITH_MANIFEST = TEST_INDEX_HTML.replace(
      '<title>Clínica</title>',
      '<!--shell:branding-head--><title>Clínica</title><!--/shell:branding-head-->',
    )

    async function navigateWithManifestLink(url: string, headers: Record<string, string> = {}) {
      testApp ??= await createTestApp()
      writeFileSync(join(testApp.distDir, 'index.html'), SHELL_WITH_MANIFEST)
      return request(url, { accept: NAVIGATION, headers })
    }

    it.each([
      ['/clinica-norte/login', '/clinica-norte/manifest.webmanifest'],
      ['/hospital-central', '/hospital-central/manifest.webmanifest'],
      ['/main/admin?x=1', '/main/manifest.webmanifest'],
      ['/cl%C3%ADnica-a%C3%B1il/login', '/cl%C3%ADnica-a%C3%B1il/manifest.webmanifest'],
    ])('links %s to %s from the first answer', async (url, href) => {
      const response = await navigateWithManifestLink(url)
      expect(response.body).toContain(`<link rel="manifest" href="${href}" />`)
    })

    it.each(['/', '/login', '/admin/usuarios', '//evil.example', '/%3Cscript%3E/login'])(
      'keeps the default link where no tenant is named: %s',
      async (url) => {
        const response = await navigateWithManifestLink(url)
        expect(response.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />')
      },
    )

    it('gives each tenant its own entity tag, and a 304 for its own', async () => {
      const norte = await navigateWithManifestLink('/clinica-norte/login')
      const sol = await navigateWithManifestLink('/clinica-sol/login')
      expect(norte.headers.etag).not.toBe(sol.headers.etag)
      const again = await navigateWithManifestLink('/clinica-norte/pagos', {
        'if-none-match': String(norte.headers.etag),
      })
      expect(again.statusCode).toBe(304)
    })
  })

  describe('a public screen the build rendered', () => {
    const LOGIN_SHELL = `<!doctype html><html><head></head><body><div id="root" data-prerendered="login"><!--shell:screen--><a href="/${SCREEN_PLACEHOLDERS.tenant}/login"><span class="brand-name">${SCREEN_PLACEHOLDERS.nombre}</span></a><form></form><!--/shell:screen--></div></body></html>`

    async function navigateWithScreenShell(url: string) {
      // The demo data seeds Clínica Norte.
      testApp ??= await createTestApp()
      mkdirSync(join(testApp.distDir, 'shells'), { recursive: true })
      writeFileSync(join(testApp.distDir, screenShellUrl('login')), LOGIN_SHELL)
      return request(url, { accept: NAVIGATION })
    }

    it('is answered with the screen itself, for that hospital', async () => {
      const response = await navigateWithScreenShell('/clinica-norte/login')
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain('<form></form>')
      expect(response.body).toContain('<a href="/clinica-norte/login">')
      expect(response.body).toContain('<span class="brand-name">Clínica Norte</span>')
    })

    it.each(['/clinica-norte/login?caducada=1', '/clinica-norte', '/clinica-norte/cliente'])(
      'leaves %s to the plain shell',
      async (url) => {
        const response = await navigateWithScreenShell(url)
        expect(response.body).toBe(TEST_INDEX_HTML)
      },
    )
  })

  it('serves /index.html itself the same way', async () => {
    const response = await request('/index.html')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe(TEST_INDEX_HTML)
  })

  it('answers HEAD navigations without a body', async () => {
    const response = await request('/hospital-central/login', {
      method: 'HEAD',
      accept: NAVIGATION,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toBe('')
  })

  it('answers 304 when the shell has not changed', async () => {
    const first = await request('/hospital-central/login', { accept: NAVIGATION })
    const again = await request('/hospital-central/login', {
      accept: NAVIGATION,
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it('does not answer requests that are not navigations', async () => {
    expect(
      (await request('/hospital-central/login', { accept: 'application/json' })).statusCode,
    ).toBe(404)
    expect(
      (await request('/hospital-central/login', { method: 'POST', accept: NAVIGATION })).statusCode,
    ).toBe(404)
  })

  it('never answers /api/ paths with the shell', async () => {
    const response = await request('/api/desconocido', { accept: NAVIGATION })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: 'not_found', message: ANY_STRING })
  })

  it('injects API_BASE_URL into the placeholder', async () => {
    const response = await request('/main/login', {
      accept: NAVIGATION,
      apiBaseUrl: 'https://api.example.com',
    })
    expect(response.body).toContain(
      '<meta name="api-base-url" content="https://api.example.com" />',
    )
    expect(response.body).not.toContain('content=""')
  })

  it('escapes an API_BASE_URL that tries to break out of the attribute', async () => {
    const response = await request('/index.html', {
      apiBaseUrl: 'https://api.example.com/"><script>alert(1)</script>',
    })
    expect(response.body).not.toContain('<script>alert(1)</script>')
    expect(response.body).toContain('content="https://api.example.com/&quot;&gt;&lt;script&gt;')
  })

  it('picks up a rebuilt index.html without a restart', async () => {
    expect((await request('/main/login', { accept: NAVIGATION })).body).toBe(TEST_INDEX_HTML)
    const indexFile = join(testApp?.distDir ?? '', 'index.html')
    writeFileSync(
      indexFile,
      TEST_INDEX_HTML.replace('<title>Clínica</title>', '<title>Nueva</title>'),
    )
    utimesSync(indexFile, new Date(), new Date(Date.now() + 5_000))
    const response = await request('/main/login', { accept: NAVIGATION })
    expect(response.body).toContain('<title>Nueva</title>')
  })

  it('answers navigations with a Spanish 503 while there is no build, the API still up', async () => {
    const response = await request('/hospital-central/login', {
      accept: NAVIGATION,
      withIndex: false,
    })
    expect(response.statusCode).toBe(503)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('npm run build')
    const api = await request('/api/hospitales?tenant=hospital-central')
    expect(api.statusCode).toBe(200)
  })
})
