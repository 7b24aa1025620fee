import { describe, expect, it } from 'vitest'
import {
  fillAppShell,
  fillDefaultBranding,
  inlineStylesheets,
  prerenderedScreenOf,
  SCREEN_PLACEHOLDERS,
  readScreenChunks,
  screenChunksElement,
  screenOfPathname,
  serializeScriptJson,
} from './app-shell'
import { DEFAULT_COLORS, type Branding } from './branding'

const TEMPLATE = `<html><head><meta name="api-base-url" content="" />
<!--shell:branding-head--><title>Clínica</title><!--/shell:branding-head-->
<!--shell:screen-preload-->${screenChunksElement({
  login: ['/assets/login-a.js', '/assets/login-screen-b.js'],
  'not-found': ['/assets/not-found-c.js'],
  admin: ['/assets/admin-d.js'],
})}<!--/shell:screen-preload-->
<script>const untouched = '<title>x</title><meta name="theme-color">'</script>
</head><body><div id="root"><!--shell:branding-frame--><!--/shell:branding-frame--></div></body></html>`

const NORTE: Branding = {
  tenant: 'clinica-norte',
  nombre: 'Clínica Norte',
  colors: { ...DEFAULT_COLORS, primario: '#8c1f4e', sobrePrimario: '#ffffff' },
  logoUrl: 'https://cdn.example/norte.png',
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}

describe('fillAppShell', () => {
  it("paints the tenant's colours, name, logo, theme colour and manifest", () => {
    const doc = parse(fillAppShell(TEMPLATE, { pathname: '/clinica-norte/login', branding: NORTE }))
    expect(doc.title).toBe('Clínica Norte')
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#8c1f4e')
    expect(
      doc.querySelector('meta[name="apple-mobile-web-app-title"]')?.getAttribute('content'),
    ).toBe('Clínica Norte')
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/clinica-norte/manifest.webmanifest',
    )
    const tokens = doc.getElementById('branding-tokens')?.textContent ?? ''
    expect(tokens).toContain('--color-primario:#8c1f4e')
    expect(tokens).toContain('--color-sobre-primario:#ffffff')
    expect(tokens).toContain(`--color-secundario-texto:${NORTE.colors.secundarioTexto}`)
    expect(doc.querySelector('.app-header .brand-name')?.textContent).toBe('Clínica Norte')
    const logo = doc.querySelector('.app-header img')
    expect(logo?.getAttribute('src')).toBe(NORTE.logoUrl)
    expect(logo?.getAttribute('alt')).toBe('Logotipo de Clínica Norte')
    expect(logo?.getAttribute('width')).toBe('48')
    expect(logo?.getAttribute('height')).toBe('48')
    expect(logo?.getAttribute('referrerpolicy')).toBe('no-referrer')
    const status = doc.querySelector('[role="status"]')
    expect(status?.getAttribute('aria-busy')).toBe('true')
    expect(status?.textContent).toBe('Cargando…')
    expect(JSON.parse(doc.getElementById('tenant-branding')?.textContent ?? '')).toEqual(NORTE)
  })

  it("preloads the screen's chunks and drops the build's map", () => {
    const html = fillAppShell(TEMPLATE, { pathname: '/clinica-norte/login', branding: null })
    const doc = parse(html)
    expect(
      Array.from(doc.querySelectorAll('link[rel="modulepreload"]'), (l) => l.getAttribute('href')),
    ).toEqual(['/assets/login-a.js', '/assets/login-screen-b.js'])
    expect(doc.getElementById('screen-chunks')).toBeNull()
  })

  it.each([
    ['/main/login', '/main/manifest.webmanifest'],
    ['/clinica-sol/login', '/clinica-sol/manifest.webmanifest'],
    ['/%3Cscript%3E/login', '/manifest.webmanifest'],
    ['/login', '/manifest.webmanifest'],
  ])('gives %s the default branding', (pathname, manifest) => {
    // Another tenant's branding is never painted on this one.
    const doc = parse(fillAppShell(TEMPLATE, { pathname, branding: NORTE }))
    expect(doc.title).toBe('Clínica')
    expect(doc.getElementById('branding-tokens')?.textContent).toContain(
      `--color-primario:${DEFAULT_COLORS.primario}`,
    )
    expect(doc.querySelector('.app-header img')).toBeNull()
    expect(doc.getElementById('tenant-branding')).toBeNull()
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(manifest)
  })

  it('refuses a stored branding that is not valid', () => {
    const hostile = {
      ...NORTE,
      colors: { ...NORTE.colors, primario: 'red;}body{display:none' },
    }
    const html = fillAppShell(TEMPLATE, { pathname: '/clinica-norte/login', branding: hostile })
    expect(html).not.toContain('display:none')
    expect(parse(html).title).toBe('Clínica')
  })

  it('escapes hostile names and logo URLs wherever they go', () => {
    const hostile: Branding = {
      ...NORTE,
      nombre: `</title><script>alert(1)</script>"' <!-- </script>`,
      logoUrl: `https://x.example/a.png" onerror="alert(1)`,
    }
    const html = fillAppShell(TEMPLATE, { pathname: '/clinica-norte/login', branding: hostile })
    const doc = parse(html)
    expect(doc.querySelectorAll('script:not([type])')).toHaveLength(1)
    expect(doc.title).toBe(hostile.nombre)
    expect(doc.querySelector('.brand-name')?.textContent).toBe(hostile.nombre)
    expect(doc.querySelector('.app-header img')?.getAttribute('src')).toBe(hostile.logoUrl)
    expect(doc.querySelector('[onerror]')).toBeNull()
    expect(JSON.parse(doc.getElementById('tenant-branding')?.textContent ?? '')).toEqual(hostile)
  })

  it('leaves text outside the slots alone', () => {
    const html = fillAppShell(TEMPLATE, { pathname: '/clinica-norte/admin', branding: NORTE })
    expect(html).toContain(`const untouched = '<title>x</title><meta name="theme-color">'`)
    expect(html.startsWith('<html><head><meta name="api-base-url" content="" />\n')).toBe(true)
  })

  it('returns a template without slots unchanged', () => {
    const html = '<html><head><title>x</title></head><body></body></html>'
    expect(fillAppShell(html, { pathname: '/clinica-norte/login', branding: NORTE })).toBe(html)
  })
})

describe('fillDefaultBranding', () => {
  it('writes the product name and default colours', () => {
    const doc = parse(fillDefaultBranding(TEMPLATE))
    expect(doc.title).toBe('Clínica')
    expect(doc.querySelector('.brand-name')?.textContent).toBe('Clínica')
    expect(doc.getElementById('screen-chunks')).not.toBeNull()
  })
})

describe('screenOfPathname', () => {
  it.each([
    ['/clinica-norte/login', 'login'],
    ['/clinica-norte', 'login'],
    ['/clinica-norte/', 'login'],
    ['/clinica-norte/admin/usuarios', 'admin'],
    ['/clinica-norte/nada', 'nada'],
    ['/', 'login'],
    ['/admin/usuarios', 'admin'],
    ['/%3Cscript%3E/login', 'not-found'],
    ['/clinica-norte/%E0%A4%A', 'not-found'],
  ])('%s opens %s', (pathname, screen) => {
    expect(screenOfPathname(pathname)).toBe(screen)
  })

  it('preloads nothing when asked not to, and still drops the map', () => {
    const html = fillAppShell(TEMPLATE, {
      pathname: '/clinica-norte/login',
      branding: null,
      preloadChunks: false,
    })
    expect(html).not.toContain('modulepreload')
    expect(parse(html).getElementById('screen-chunks')).toBeNull()
  })

  it('an unknown screen preloads nothing', () => {
    const html = fillAppShell(TEMPLATE, { pathname: '/clinica-norte/nada', branding: null })
    expect(html).not.toContain('modulepreload')
  })
})

describe('readScreenChunks', () => {
  it('reads nothing from a damaged map', () => {
    const damaged = TEMPLATE.replace('"login":[', '"login":[[')
    expect(readScreenChunks(damaged)).toEqual({})
    expect(readScreenChunks('<html></html>')).toEqual({})
  })

  it('keeps the map inert inside its script element', () => {
    expect(serializeScriptJson({ a: '</script><!--' })).not.toMatch(/[<>]/)
  })
})

// A prerendered screen's shell as the build writes it: React's markup with the placeholders.
const { tenant: T, nombre: N, logoUrl: L } = SCREEN_PLACEHOLDERS
const SCREEN_TEMPLATE = `<html><head><!--shell:branding-head--><!--/shell:branding-head--></head>
<body><div id="root" data-prerendered="login"><!--shell:screen--><link rel="preload" as="image" href="${L}" referrerPolicy="no-referrer"/><header class="app-header"><a class="brand" href="/${T}/login"><img class="tenant-logo" src="${L}" alt="Logotipo de ${N}" width="48" height="48"/><span class="brand-name">${N}</span></a></header><main><h1>Iniciar sesión</h1><a href="/${T}/terminos-y-condiciones">Términos</a></main><!--/shell:screen--></div></body></html>`

describe('fillAppShell on a prerendered screen', () => {
  it("writes the hospital's tenant, name and logo where the build left placeholders", () => {
    const html = fillAppShell(SCREEN_TEMPLATE, {
      pathname: '/clinica-norte/login',
      branding: NORTE,
    })
    const doc = parse(html)
    expect(html).not.toMatch(/ZZ|zzplantilla/i)
    expect(doc.querySelector('.brand')?.getAttribute('href')).toBe('/clinica-norte/login')
    expect(doc.querySelector('main a')?.getAttribute('href')).toBe(
      '/clinica-norte/terminos-y-condiciones',
    )
    expect(doc.querySelector('.brand-name')?.textContent).toBe('Clínica Norte')
    expect(doc.querySelector('img')?.getAttribute('src')).toBe(NORTE.logoUrl)
    expect(doc.querySelector('img')?.getAttribute('alt')).toBe('Logotipo de Clínica Norte')
    expect(doc.querySelector('link[rel="preload"]')?.getAttribute('href')).toBe(NORTE.logoUrl)
    // The frame of the plain shell is not added: the screen is the frame.
    expect(doc.querySelector('[role="status"][aria-busy]')).toBeNull()
  })

  it("names an address without branding by the product's name, never its slug, and draws no logo", () => {
    const html = fillAppShell(SCREEN_TEMPLATE, { pathname: '/clinica-sol/login', branding: null })
    const doc = parse(html)
    expect(doc.querySelector('.brand-name')?.textContent).toBe('Clínica')
    expect(html).not.toContain('>clinica-sol<')
    expect(doc.querySelector('img')).toBeNull()
    expect(doc.querySelector('link[rel="preload"]')).toBeNull()
    expect(html).not.toContain(L)
  })

  it("gives main the product's name, and another tenant's branding to nobody", () => {
    const doc = parse(fillAppShell(SCREEN_TEMPLATE, { pathname: '/main/login', branding: NORTE }))
    expect(doc.querySelector('.brand-name')?.textContent).toBe('Clínica')
    expect(doc.querySelector('img')).toBeNull()
    expect(doc.querySelector('.brand')?.getAttribute('href')).toBe('/main/login')
  })

  it('escapes a hostile name and logo URL, and encodes the tenant in links', () => {
    const hostile: Branding = {
      ...NORTE,
      tenant: 'clínica',
      nombre: `<script>alert(1)</script>"`,
      logoUrl: `https://x.example/a.png" onerror="alert(1)`,
    }
    const html = fillAppShell(SCREEN_TEMPLATE, {
      pathname: '/cl%C3%ADnica/login',
      branding: hostile,
    })
    const doc = parse(html)
    expect(doc.querySelectorAll('script')).toHaveLength(1)
    expect(doc.querySelector('.brand-name')?.textContent).toBe(hostile.nombre)
    expect(doc.querySelector('[onerror]')).toBeNull()
    expect(doc.querySelector('img')?.getAttribute('src')).toBe(hostile.logoUrl)
    expect(doc.querySelector('.brand')?.getAttribute('href')).toBe('/cl%C3%ADnica/login')
  })
})

describe('prerenderedScreenOf', () => {
  it.each([
    ['/hospital-central/login', '', 'login'],
    ['/hospital-central/login', '?', 'login'],
    ['/hospital-central/terminos-y-condiciones', '', 'terminos-y-condiciones'],
    ['/clinica-sol/restablecer-acceso', '', 'restablecer-acceso'],
    // The portal has no registration link: its screens are not the hospitals' shells.
    ['/main/restablecer-acceso', '', null],
    // The query may change the screen (an expired session's notice): the plain shell.
    ['/hospital-central/login', '?caducada=1', null],
    ['/hospital-central/cliente', '', null],
    ['/hospital-central', '', null],
    ['/login', '', null],
    ['//evil.example/login', '', null],
  ])('%s%s → %s', (pathname, search, screen) => {
    expect(prerenderedScreenOf(pathname, search)).toBe(screen)
  })
})

describe('inlineStylesheets', () => {
  const HEAD =
    '<head><link rel="stylesheet" crossorigin href="/assets/index-a.css">' +
    '<link rel="stylesheet" crossorigin href="/assets/login-b.css"></head>'

  const reader = (styles: Record<string, string>) => (href: string) => Promise.resolve(styles[href])

  it('writes each stylesheet read inline, in its place, its link kept but never fetched', async () => {
    const html = await inlineStylesheets(
      HEAD,
      reader({ '/assets/index-a.css': '.a{color:red}', '/assets/login-b.css': '.b{color:blue}' }),
    )
    expect(html).toBe(
      '<head><style>.a{color:red}</style><link rel="stylesheet" href="/assets/index-a.css" disabled>' +
        '<style>.b{color:blue}</style><link rel="stylesheet" href="/assets/login-b.css" disabled></head>',
    )
  })

  it('keeps the link of a stylesheet not read, failing to read, or that would end its element', async () => {
    const unread = await inlineStylesheets(
      HEAD,
      reader({ '/assets/login-b.css': 'a::after{content:"</STYLE><script>"}' }),
    )
    expect(unread).toBe(HEAD)
    const failing = await inlineStylesheets(HEAD, () => Promise.reject(new Error('no cache')))
    expect(failing).toBe(HEAD)
  })
})
