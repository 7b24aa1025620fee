import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { screenChunksElement } from '../../src/contract/app-shell.js'
import { DEFAULT_COLORS, type Branding } from '../../src/contract/branding.js'
import { parseHospitalesAnswer } from '../../src/contract/branding-answer.js'
import { injectApiBaseUrl } from './app-shell.js'
import { registerStaticApp } from './static.js'
import { createTempDist, createTestApp, type TestApp } from '../testing/test-app.js'

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
})

const NAVIGATION = { accept: 'text/html' }

const SHELL = `<!doctype html><html lang="es"><head>
<!--shell:branding-head--><title>Clínica</title><!--/shell:branding-head-->
<!--shell:screen-preload-->${screenChunksElement({ login: ['/assets/login-1.js'] })}<!--/shell:screen-preload-->
</head><body><div id="root"><!--shell:branding-frame--><!--/shell:branding-frame--></div></body></html>`

function brandingOf(tenant: string, record: Record<string, unknown>): Branding {
  const answer = parseHospitalesAnswer([{ tenant, ...record }], tenant, 'http://localhost')
  if (!answer.ok) throw new Error(answer.reason)
  return answer.branding
}

describe('the shell served on a first visit', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  // The static app alone, over a branding source the test can change between requests.
  async function serveShell(brandings: Map<string, Branding>, shell = SHELL) {
    const distDir = createTempDist()
    writeFileSync(join(distDir, 'index.html'), shell)
    writeFileSync(join(distDir, 'assets', 'index-a.css'), '.a{color:red}')
    writeFileSync(join(distDir, 'robots.css'), '.secret{}')
    const app = Fastify()
    await registerStaticApp(app, {
      distDir,
      apiBaseUrl: '',
      readBranding: (tenant) => Promise.resolve(brandings.get(tenant) ?? null),
    })
    close = () => app.close()
    return (url: string, headers: Record<string, string> = {}) =>
      app.inject({ url, headers: { ...NAVIGATION, ...headers } })
  }

  it('escapes a hostile hospital name in the title, the header and the data block', async () => {
    const nombre = `</title><script>alert("x")</script><img src=x onerror=alert(1)>`
    const get = await serveShell(
      new Map([
        [
          'clinica-norte',
          brandingOf('clinica-norte', {
            nombre,
            color_primario: '#123456',
            color_secundario: '#654321',
            imagen: null,
          }),
        ],
      ]),
    )
    const { body } = await get('/clinica-norte/login')
    expect(body).not.toContain('<script>alert')
    expect(body).not.toContain('<img src=x')
    expect(body).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</title>',
    )
    expect(body).toContain('--color-primario:#123456')
  })

  it('changes the entity tag when the branding changes, and answers 304 while it does not', async () => {
    const brandings = new Map([
      [
        'clinica-norte',
        brandingOf('clinica-norte', {
          nombre: 'Norte',
          color_primario: '#123456',
          color_secundario: '#654321',
        }),
      ],
    ])
    const get = await serveShell(brandings)
    const first = await get('/clinica-norte/login')
    expect(first.headers['cache-control']).toBe('no-cache')
    const unchanged = await get('/clinica-norte/login', {
      'if-none-match': String(first.headers.etag),
    })
    expect(unchanged.statusCode).toBe(304)

    brandings.set(
      'clinica-norte',
      brandingOf('clinica-norte', {
        nombre: 'Norte',
        color_primario: '#aa0000',
        color_secundario: '#654321',
      }),
    )
    const changed = await get('/clinica-norte/login', {
      'if-none-match': String(first.headers.etag),
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(first.headers.etag)
    expect(changed.body).toContain('--color-primario:#aa0000')
  })

  it("writes the build's styles into the page; the template keeps its links", async () => {
    const links = [
      '<link rel="stylesheet" crossorigin href="/assets/index-a.css">',
      '<link rel="stylesheet" crossorigin href="/assets/gone-b.css">',
      '<link rel="stylesheet" crossorigin href="/robots.css">',
    ]
    const get = await serveShell(new Map(), SHELL.replace('</head>', `${links.join('')}</head>`))
    const { body } = await get('/clinica-norte/login')
    expect(body).toContain(
      '<style>.a{color:red}</style><link rel="stylesheet" href="/assets/index-a.css" disabled>',
    )
    // Missing, or not one of the build's hashed files: linked as it was.
    expect(body).toContain(links[1])
    expect(body).toContain(links[2])
    expect(body).not.toContain('.secret')
    // What the worker precaches and fills itself.
    const template = await get('/index.html')
    expect(template.body).toContain(links[0])
    expect(template.body).not.toContain('<style>.a')
  })

  it("preloads the sign-in screen's chunks", async () => {
    const get = await serveShell(new Map())
    const { body } = await get('/clinica-norte/login')
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/login-1.js" />')
    expect(body).not.toContain('id="screen-chunks"')
  })
})

describe("the hospital's record in the first frame", () => {
  let testApp: TestApp | undefined
  afterEach(async () => {
    await testApp?.close()
    testApp = undefined
  })

  async function navigate(url: string) {
    testApp ??= await createTestApp()
    writeFileSync(join(testApp.distDir, 'index.html'), SHELL)
    return testApp.app.inject({ url, headers: { ...NAVIGATION, host: 'clinica.example' } })
  }

  it("paints a demo hospital's name, colours and logo from the hospital repository", async () => {
    const { body } = await navigate('/hospital-central/login')
    expect(body).toContain('<title>Hospital Central</title>')
    expect(body).toContain('--color-primario:#0b5394')
    expect(body).toContain('src="http://clinica.example/logos/hospital-central.png"')
  })

  it.each(['/main/login', '/desconocido/login', '/%3Cscript%3E/login'])(
    'paints the defaults for %s',
    async (url) => {
      const { body } = await navigate(url)
      expect(body).toContain('<title>Clínica</title>')
      expect(body).toContain(`--color-primario:${DEFAULT_COLORS.primario}`)
      expect(body).not.toContain('<img')
    },
  )
})
