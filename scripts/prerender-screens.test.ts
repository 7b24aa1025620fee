import { describe, expect, it } from 'vitest'
import { screenShellOf } from './prerender-screens'

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

  it('refuses an index.html without the frame it replaces', () => {
    expect(() => screenShellOf('<div id="root"></div>', 'login', 'x')).toThrow(/#root/)
  })
})
