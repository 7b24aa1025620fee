/**
 * The shell's head holds, inline, the keeper of early presses (`src/press-keeper.ts`): as a file,
 * it held the reading of the page until it arrived, a round trip on a first visit, a fetch event
 * in the worker on a slow phone's repeat visit. (The styles are written inline when the shell is
 * filled for a URL, by the server and the worker alike: `inlineStylesheets` in
 * `src/contract/app-shell.ts`; the precached shells keep one copy of them, in their file.)
 *
 * The keeper is a classic script of its own, bundled apart from the app (one small file without
 * imports), so none of the app's chunks becomes its dependency, nor it one of theirs. It must be
 * listening before the first frame shows a button, and a module script only runs after the
 * document is parsed. The server allows it by its hash (`server/http/inline-scripts.ts`).
 */
import { rolldown } from 'rolldown'
import type { Plugin } from 'vite'
import { SHELL_SLOTS } from '../src/contract/app-shell.ts'

const SCREEN_PRELOAD_SLOT = `<!--shell:${SHELL_SLOTS.screenPreload}-->`

// The stylesheet links Vite writes after the entry (one per line, no `>` in their attributes).
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*>\n?\s*/g

/**
 * `html` with the keeper inline, then the entry's stylesheets, ahead of the entry's script and the
 * screen's preloads (its slot): requests of equal priority leave in document order.
 */
export function inlineShellHead(html: string, keeper: string): string {
  if (/<\/script/i.test(keeper)) throw new Error('the keeper holds "</script": it cannot go inline')
  const entry = [SCREEN_PRELOAD_SLOT, '<script type="module"']
    .map((marker) => html.indexOf(marker))
    .find((index) => index !== -1)
  if (entry === undefined) throw new Error("index.html has no module script for the head's place")
  const styles = html.slice(entry).match(STYLESHEET_LINK) ?? []
  const rest = html.slice(entry).replace(STYLESHEET_LINK, '')
  const first = [`<script>${keeper}</script>`, ...styles.map((link) => link.trim())]
  return html.slice(0, entry) + first.join('\n    ') + '\n    ' + rest
}

export function shellHeadPlugin(keeperEntry: string): Plugin {
  let keeper = ''
  return {
    name: 'clinica-shell-head',
    apply: 'build',
    async buildStart() {
      const bundle = await rolldown({ input: keeperEntry, platform: 'browser' })
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true })
        keeper = output[0].code.trim()
      } finally {
        await bundle.close()
      }
    },
    transformIndexHtml: { order: 'post', handler: (html) => inlineShellHead(html, keeper) },
  }
}
