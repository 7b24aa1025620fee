import { describe, expect, it } from 'vitest'
import type { Rolldown } from 'vite'
import { screenShellOf, screenStylesheetsOf } from './prerender-screens'

const INDEX = `<html><head></head><body><div id="root"><!--shell:branding-frame--><div class="app boot-frame">Cargando…</div><!--/shell:branding-frame--></div><script type="module" src="/assets/index.js"></script></body></html>`

describe('screenShellOf', () => {
  it("puts the screen in #root's own slot, marked for hydration, and the no-script notice outside", () => {
    const html = screenShellOf(INDEX, 'login', '<div class="app">$& $1 form</div>')
    expect(html).toContain(
      '<div id="root" data-prerendered="login"><!--shell:screen--><div class="app">$& $1 form</div><!--/shell:screen--></div>',
    )
    expect(html).not.toContain('Cargando…')
    expect(html).toMatch(/<p class="noscript-notice">[^<]+<\/p><div id="root"/)
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>')
  })

  it("links the screen's own stylesheets in the head, right after the entry's", () => {
    const index = INDEX.replace(
      '<head></head>',
      '<head><link rel="stylesheet" crossorigin href="/assets/index.css"><script src="/k.js"></script></head>',
    )
    const html = screenShellOf(index, 'instalar', 'sheet', ['/assets/instalar-1.css'])
    expect(html).toContain(
      '<head><link rel="stylesheet" crossorigin href="/assets/index.css"><link rel="stylesheet" crossorigin href="/assets/instalar-1.css"><script src="/k.js"></script></head>',
    )
    expect(screenShellOf(INDEX, 'instalar', 'sheet', ['/assets/instalar-1.css'])).toContain(
      '<head><link rel="stylesheet" crossorigin href="/assets/instalar-1.css"></head>',
    )
  })

  it('links a stylesheet the entry already links only once', () => {
    const index = INDEX.replace(
      '<head></head>',
      '<head><script src="/k.js"></script><link rel="stylesheet" crossorigin href="/assets/index.css"></head>',
    )
    const html = screenShellOf(index, 'login', 'form', ['/assets/index.css', '/assets/login-1.css'])
    expect(html.match(/assets\/index\.css/g)).toHaveLength(1)
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index.css"><link rel="stylesheet" crossorigin href="/assets/login-1.css"></head>',
    )
  })

  it('refuses an index.html without the frame it replaces', () => {
    expect(() => screenShellOf('<div id="root"></div>', 'login', 'x')).toThrow(/#root/)
  })
})

function chunk(
  fileName: string,
  css: string[],
  more: { imports?: string[]; isEntry?: boolean; screen?: string } = {},
) {
  return {
    type: 'chunk',
    fileName,
    imports: more.imports ?? [],
    isEntry: more.isEntry ?? false,
    isDynamicEntry: more.screen !== undefined,
    facadeModuleId: more.screen === undefined ? null : `/app/src/app/routes/${more.screen}.tsx`,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }
}

describe('screenStylesheetsOf', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', ['assets/index.css'], { isEntry: true, imports: ['assets/ui.js'] }),
      chunk('assets/ui.js', ['assets/ui.css']),
      chunk('assets/instalar.js', ['assets/instalar.css'], {
        screen: 'instalar',
        imports: ['assets/ui.js', 'assets/steps.js'],
      }),
      chunk('assets/steps.js', ['assets/steps.css']),
      chunk('assets/login.js', [], { screen: 'login', imports: ['assets/ui.js'] }),
    ].map((output) => [output.fileName, output]),
  ) as unknown as Rolldown.OutputBundle

  it("lists the stylesheets of the screen's chunks that the entry does not load", () => {
    expect(screenStylesheetsOf(bundle, 'instalar', '/')).toEqual([
      '/assets/instalar.css',
      '/assets/steps.css',
    ])
  })

  it('lists none for a screen styled by the entry alone, or one the build lacks', () => {
    expect(screenStylesheetsOf(bundle, 'login', '/')).toEqual([])
    expect(screenStylesheetsOf(bundle, 'registro', '/')).toEqual([])
  })
})
