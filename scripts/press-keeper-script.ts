/**
 * Ships `src/press-keeper.ts` as a classic script of its own, named in index.html's `<head>`
 * as a blocking script: it must be listening before the first frame shows a button, and a module
 * script only runs after the document is parsed. Fetched alongside the styles, which hold the
 * first paint anyway, it adds no round trip. Bundled apart from the app (one small file without
 * imports), so none of the app's chunks becomes its dependency, nor it one of theirs.
 */
import { rolldown } from 'rolldown'
import type { Plugin } from 'vite'
import { SHELL_SLOTS } from '../src/contract/app-shell.ts'

const ASSET_NAME = 'press-keeper.js'

const SCREEN_PRELOAD_SLOT = `<!--shell:${SHELL_SLOTS.screenPreload}-->`

// The stylesheet links Vite writes after the entry (one per line, no `>` in their attributes).
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*>\n?\s*/g

export function pressKeeperPlugin(entry: string): Plugin {
  let base = '/'
  return {
    name: 'clinica-press-keeper',
    apply: 'build',
    configResolved: (config) => {
      base = config.base
    },
    async buildStart() {
      const bundle = await rolldown({ input: entry, platform: 'browser' })
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true })
        this.emitFile({ type: 'asset', name: ASSET_NAME, source: output[0].code })
      } finally {
        await bundle.close()
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        const script = Object.values(bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes(ASSET_NAME),
        )
        if (!script) throw new Error(`${ASSET_NAME} is missing from the build`)
        // The first paint waits for the styles and this script: both go ahead of the app's
        // entry and its preloads, since requests of equal priority leave in document order (on
        // a slow connection, and through the service worker, one at a time).
        // The screen's own preloads (its slot, filled per URL) come after them too. The script
        // goes first: a blocking script after a stylesheet waits for the styles to arrive
        // before it runs, and the rest of the page is not read meanwhile; before them, the
        // page is read whole while the styles load.
        const entry = [SCREEN_PRELOAD_SLOT, '<script type="module"']
          .map((marker) => html.indexOf(marker))
          .find((index) => index !== -1)
        if (entry === undefined) {
          throw new Error("index.html has no module script for the keeper's place")
        }
        const styles = html.slice(entry).match(STYLESHEET_LINK) ?? []
        const rest = html.slice(entry).replace(STYLESHEET_LINK, '')
        const first = [`<script src="${base}${script.fileName}"></script>`, ...styles]
        return html.slice(0, entry) + first.join('\n    ') + '\n    ' + rest
      },
    },
  }
}
