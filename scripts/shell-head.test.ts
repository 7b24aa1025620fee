import { describe, expect, it } from 'vitest'
import { inlineShellHead } from './shell-head'

const INDEX_HTML = `<!doctype html><html><head>
    <meta charset="UTF-8" />
    <!--shell:screen-preload--><!--/shell:screen-preload-->
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-b.css">
  </head><body><div id="root"></div></body></html>`

const KEEPER = 'document.addEventListener(`submit`,()=>{})'

describe('inlineShellHead', () => {
  it('writes the keeper inline, then the styles, ahead of the preloads and the entry', () => {
    const html = inlineShellHead(INDEX_HTML, KEEPER)
    const keeper = html.indexOf(`<script>${KEEPER}</script>`)
    const styles = html.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-b.css">')
    const preloads = html.indexOf('<!--shell:screen-preload-->')
    const entry = html.indexOf('<script type="module"')
    expect(keeper).toBeGreaterThan(-1)
    expect(keeper).toBeLessThan(styles)
    expect(styles).toBeLessThan(preloads)
    expect(preloads).toBeLessThan(entry)
    expect(html.match(/index-b\.css/g)).toHaveLength(1)
  })

  it('refuses code that would end its element early', () => {
    expect(() => inlineShellHead(INDEX_HTML, 'a("</SCRIPT>")')).toThrow(/cannot go inline/)
  })

  it('refuses an index.html without the entry it goes before', () => {
    expect(() => inlineShellHead('<head></head>', KEEPER)).toThrow(/no module script/)
  })
})
