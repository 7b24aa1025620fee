import { describe, expect, test, vi } from 'vitest'
import { SCREEN_PLACEHOLDERS, screenChunksElement, screenShellUrl } from '../contract/app-shell'
import { DEFAULT_COLORS, type Branding } from '../contract/branding'
import {
  createShellNavigationHandler,
  hasFileExtension,
  isShellNavigation,
  replaceBody,
} from './navigation-route'
import { navigationRequest, requestFor, toFetchEvent } from './testing/worker-fakes'

const SHELL_HTML = `<!doctype html><html lang="es"><head>
<!--shell:branding-head--><link rel="manifest" href="/manifest.webmanifest" /><!--/shell:branding-head-->
<!--shell:screen-preload-->${screenChunksElement({ login: ['/assets/login-1.js'], cliente: ['/assets/cliente-1.js'] })}<!--/shell:screen-preload-->
</head><body><div id="root"><!--shell:branding-frame--><!--/shell:branding-frame--></div></body></html>`

const CSP = "default-src 'self'; script-src 'self'"

const BRANDING: Branding = {
  tenant: 'hospital-central',
  nombre: 'Hospital Central',
  colors: { ...DEFAULT_COLORS, primario: '#8c1f4e' },
  logoUrl: null,
}

function shellResponse(): Response {
  return new Response(SHELL_HTML, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CSP,
      'Content-Length': String(SHELL_HTML.length),
      'Content-Encoding': 'gzip',
    },
  })
}

async function navigate(
  path: string,
  dependencies: Partial<Parameters<typeof createShellNavigationHandler>[0]> = {},
): Promise<Response> {
  const handler = createShellNavigationHandler({
    matchPrecached: () => Promise.resolve(shellResponse()),
    readBranding: (tenant) => Promise.resolve(tenant === BRANDING.tenant ? BRANDING : null),
    fetch: () => Promise.reject(new Error('no network in this test')),
    ...dependencies,
  })
  const request = navigationRequest(path)
  return handler({ request, url: new URL(request.url), event: toFetchEvent(request) })
}

describe('isShellNavigation', () => {
  test.each([
    ['/hospital-central/login', true],
    ['/hospital-central/admin/usuarios?x=1', true],
    ['/clínica-añil/', true],
    ['/', true],
    ['/login', true],
    ['/api/me', false],
    ['/api', false],
    ['/robots.txt', true],
    ['/logos/central.png', true],
  ])('navigating to %s → %s', (path, expected) => {
    const request = navigationRequest(path)
    expect(isShellNavigation({ request, url: new URL(request.url) })).toBe(expected)
  })

  test('only navigations, never a fetch of the same URL', () => {
    const request = requestFor('/hospital-central/login', '')
    expect(isShellNavigation({ request, url: new URL(request.url) })).toBe(false)
  })

  test('hasFileExtension looks at the last segment only', () => {
    expect(hasFileExtension('/v1.2/login')).toBe(false)
    expect(hasFileExtension('/a/b.json')).toBe(true)
    expect(hasFileExtension('/a/')).toBe(false)
  })
})

describe('createShellNavigationHandler', () => {
  test('answers with the shell branded for the tenant, keeping its headers', async () => {
    const response = await navigate('/hospital-central/login')
    const html = await response.text()

    expect(response.status).toBe(200)
    expect(html).toContain('<title>Hospital Central</title>')
    expect(html).toContain('--color-primario:#8c1f4e')
    expect(html).toContain('id="tenant-branding"')
    expect(response.headers.get('Content-Security-Policy')).toBe(CSP)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Content-Length')).toBe(
      String(new TextEncoder().encode(html).byteLength),
    )
    expect(response.headers.has('Content-Encoding')).toBe(false)
  })

  test('a public screen the build rendered is answered with its own shell, branded', async () => {
    const screenShell = `<html><head></head><body><div id="root"><!--shell:screen--><span class="brand-name">${SCREEN_PLACEHOLDERS.nombre}</span><!--/shell:screen--></div></body></html>`
    const asked: string[] = []
    const matchPrecached = (url: string) => {
      asked.push(url)
      return Promise.resolve(
        url === screenShellUrl('login') ? new Response(screenShell) : shellResponse(),
      )
    }
    const html = await (await navigate('/hospital-central/login', { matchPrecached })).text()
    expect(asked).toEqual(['/shells/login.html'])
    expect(html).toContain('<span class="brand-name">Hospital Central</span>')

    // Any other screen, or a query that may change the screen, gets the plain shell.
    asked.length = 0
    await navigate('/hospital-central/login?caducada=1', { matchPrecached })
    await navigate('/hospital-central/cliente', { matchPrecached })
    expect(asked).toEqual(['/index.html', '/index.html'])
  })

  test("preloads a screen's chunks only when its first frame needs them", async () => {
    const preloads = async (path: string) => {
      const html = await (await navigate(path)).text()
      return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
        (match) => match[1],
      )
    }
    // The patient's queue is drawn by its code: its chunks leave with the page's entry.
    expect(await preloads('/hospital-central/cliente')).toEqual(['/assets/cliente-1.js'])
    // The sign-in is in the HTML: its code follows the first frame, nothing goes before it.
    expect(await preloads('/hospital-central/login')).toEqual([])
  })

  test('writes the styles the precache holds into the page, and links the rest', async () => {
    const styledShell = SHELL_HTML.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/index-a.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/gone-b.css"></head>',
    )
    const matchPrecached = (url: string) =>
      Promise.resolve(
        url === '/assets/index-a.css'
          ? new Response('.a{color:red}')
          : url === '/assets/gone-b.css'
            ? undefined
            : new Response(styledShell),
      )
    const html = await (await navigate('/hospital-central/login', { matchPrecached })).text()
    expect(html).toContain(
      '<style>.a{color:red}</style><link rel="stylesheet" href="/assets/index-a.css" disabled>',
    )
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/gone-b.css">')
    expect(html).toContain('<title>Hospital Central</title>')
  })

  test('a screen shell missing from the precache falls back to the plain shell', async () => {
    const matchPrecached = (url: string) =>
      Promise.resolve(url === '/index.html' ? shellResponse() : undefined)
    const html = await (await navigate('/hospital-central/login', { matchPrecached })).text()
    expect(html).toContain('<title>Hospital Central</title>')
  })

  test('a hospital with no branding on the device gets the server’s page while online', async () => {
    const fromNetwork = new Response('branded by the server')
    const fetchMock = vi.fn(() => Promise.resolve(fromNetwork))
    const response = await navigate('/clinica-norte/login', { fetch: fetchMock })
    expect(response).toBe(fromNetwork)
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  test('main, whose page always has the defaults, never waits for the network', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('network')))
    const html = await (await navigate('/main/login', { fetch: fetchMock })).text()
    expect(html).toContain('href="/main/manifest.webmanifest"')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('offline, a hospital with no branding on the device gets the shell with the defaults', async () => {
    const html = await (await navigate('/clinica-norte/login')).text()
    expect(html).toContain('href="/clinica-norte/manifest.webmanifest"')
    expect(html).toContain(`--color-primario:${DEFAULT_COLORS.primario}`)
    expect(html).not.toContain('id="tenant-branding"')
  })

  test('a file-like path is left to the server while it answers', async () => {
    const fromNetwork = new Response('logo')
    const fetchMock = vi.fn(() => Promise.resolve(fromNetwork))
    const response = await navigate('/logos/central.png', { fetch: fetchMock })
    expect(response).toBe(fromNetwork)
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  test('a file-like path offline gets the shell (a tenant may be named `clinica.sol`)', async () => {
    const html = await (await navigate('/clinica.sol/login')).text()
    expect(html).toContain('href="/clinica.sol/manifest.webmanifest"')
  })

  test('a URL without tenant gets the untouched shell', async () => {
    expect(await (await navigate('/login')).text()).toBe(SHELL_HTML)
  })

  test('survives an IndexedDB failure: unbranded shell', async () => {
    const response = await navigate('/hospital-central/login', {
      readBranding: () => Promise.reject(new Error('IndexedDB broken')),
    })
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('href="/hospital-central/manifest.webmanifest"')
    expect(html).toContain(`--color-primario:${DEFAULT_COLORS.primario}`)
  })

  test('without a precached shell the network answers', async () => {
    const fromNetwork = new Response('network')
    const fetchMock = vi.fn(() => Promise.resolve(fromNetwork))
    const response = await navigate('/hospital-central/login', {
      matchPrecached: () => Promise.resolve(undefined),
      fetch: fetchMock,
    })
    expect(response).toBe(fromNetwork)
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  test('a shell gone from the precache (site data cleared) starts refilling it', async () => {
    const repairPrecache = vi.fn(() => Promise.resolve(3))
    const response = await navigate('/hospital-central/login', {
      matchPrecached: () => Promise.resolve(undefined),
      fetch: () => Promise.resolve(new Response('network')),
      repairPrecache,
    })
    expect(await response.text()).toBe('network')
    expect(repairPrecache).toHaveBeenCalledOnce()
  })

  test('a precached shell never triggers a repair', async () => {
    const repairPrecache = vi.fn(() => Promise.resolve(0))
    await navigate('/hospital-central/login', { repairPrecache })
    expect(repairPrecache).not.toHaveBeenCalled()
  })
})

describe('replaceBody', () => {
  test('counts bytes, not characters, for Content-Length', () => {
    const response = replaceBody(new Response(new Uint8Array([120])), 'Clínica')
    expect(response.headers.get('Content-Length')).toBe('8')
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
  })
})
