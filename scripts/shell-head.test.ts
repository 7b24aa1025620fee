import { describe, expect, it } from 'vitest'
import { inlineShellHead } from './shell-head'

const INDEX_HTML = `<!doctype html><html><head>
    <meta charset="UTF-8" />
    <!--shell:screen-preload--><!--/shell:screen-preload-->
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-b.css">
  </head><body><div id="root"></div></body></html>`

const HEAD = {
  keeper: 'document.addEventListener(`submit`,()=>{})',
  stylesheetText: (href: string) => (href === '/assets/index-b.css' ? '.a{color:red}' : undefined),
}

describe('inlineShellHead', () => {
  it('writes the keeper and the styles inline, ahead of the preloads and the entry', () => {
    const html = inlineShellHead(INDEX_HTML, HEAD)
    const keeper = html.indexOf(`<script>${HEAD.keeper}</script>`)
    const styles = html.indexOf('<style>.a{color:red}</style>')
    const preloads = html.indexOf('<!--shell:screen-preload-->')
    const entry = html.indexOf('<script type="module"')
    expect(keeper).toBeGreaterThan(-1)
    expect(keeper).toBeLessThan(styles)
    expect(styles).toBeLessThan(preloads)
    expect(preloads).toBeLessThan(entry)
  })

  it('leaves no stylesheet to fetch, only the disabled link that names it', () => {
    const html = inlineShellHead(INDEX_HTML, HEAD)
    const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([link]) => link)
    expect(links).toEqual(['<link rel="stylesheet" href="/assets/index-b.css" disabled>'])
  })

  it('refuses code that would end its element early', () => {
    expect(() => inlineShellHead(INDEX_HTML, { ...HEAD, keeper: 'a("</script>")' })).toThrow(
      /cannot be written inline/,
    )
    expect(() =>
      inlineShellHead(INDEX_HTML, { ...HEAD, stylesheetText: () => 'a{content:"</STYLE>"}' }),
    ).toThrow(/cannot be written inline/)
  })

  it('refuses a linked stylesheet the build does not hold', () => {
    expect(() => inlineShellHead(INDEX_HTML, { ...HEAD, stylesheetText: () => undefined })).toThrow(
      /is linked but not in the build/,
    )
  })
})
