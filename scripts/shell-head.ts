/**
 * The shell's head holds, inline, what its first frame waits for: the keeper of early presses
 * (`src/press-keeper.ts`) and the entry's styles. As files, each was a request before the first
 * frame: a round trip on a first visit, a fetch event in the worker on a slow phone's repeat
 * visit. Inline, the page paints from its HTML alone.
 *
 * - The keeper is a classic script of its own, bundled apart from the app (one small file without
 *   imports), so none of the app's chunks becomes its dependency, nor it one of theirs. It must be
 *   listening before the first frame shows a button, and a module script only runs after the
 *   document is parsed. The server allows it by its hash (`server/http/inline-scripts.ts`).
 * - Each stylesheet the entry links is written in a `<style>`, followed by its link marked
 *   `disabled`: a disabled stylesheet is never fetched, but the bundler's loader of a screen's
 *   chunks finds it there and does not link the same styles a second time, after the screen's
 *   own (which would then lose to them).
 */
import { rolldown } from 'rolldown'
import type { Plugin } from 'vite'
import { SHELL_SLOTS } from '../src/contract/app-shell.ts'

const SCREEN_PRELOAD_SLOT = `<!--shell:${SHELL_SLOTS.screenPreload}-->`

// The stylesheet links Vite writes after the entry (one per line, no `>` in their attributes).
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\n?\s*/g

/** What goes inline: the keeper's code, and each linked stylesheet's text by its URL. */
export interface ShellHead {
  keeper: string
  stylesheetText: (href: string) => string | undefined
}

/** Code that ends the element it is written in cannot go inline. */
function assertInlineable(text: string, element: 'script' | 'style', what: string): string {
  if (new RegExp(`</${element}`, 'i').test(text)) {
    throw new Error(`${what} holds "</${element}" and cannot be written inline`)
  }
  return text
}

/**
 * `html` with the keeper and the entry's stylesheets inline, ahead of the entry's script and the
 * screen's preloads (its slot). The keeper goes first: nothing it needs comes after it.
 */
export function inlineShellHead(html: string, { keeper, stylesheetText }: ShellHead): string {
  const entry = [SCREEN_PRELOAD_SLOT, '<script type="module"']
    .map((marker) => html.indexOf(marker))
    .find((index) => index !== -1)
  if (entry === undefined) throw new Error("index.html has no module script for the head's place")
  const styles = [...html.slice(entry).matchAll(STYLESHEET_LINK)].map(([, href = '']) => {
    const text = stylesheetText(href)
    if (text === undefined) throw new Error(`${href} is linked but not in the build`)
    const css = assertInlineable(text, 'style', href)
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`
  })
  const rest = html.slice(entry).replace(STYLESHEET_LINK, '')
  const first = [`<script>${assertInlineable(keeper, 'script', 'the keeper')}</script>`, ...styles]
  return html.slice(0, entry) + first.join('\n    ') + '\n    ' + rest
}

export function shellHeadPlugin(keeperEntry: string): Plugin {
  let base = '/'
  let keeper = ''
  return {
    name: 'clinica-shell-head',
    apply: 'build',
    configResolved: (config) => {
      base = config.base
    },
    async buildStart() {
      const bundle = await rolldown({ input: keeperEntry, platform: 'browser' })
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true })
        keeper = output[0].code.trim()
      } finally {
        await bundle.close()
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        const assets = new Map(
          Object.values(bundle ?? {}).flatMap((output) =>
            output.type === 'asset' ? [[`${base}${output.fileName}`, output.source] as const] : [],
          ),
        )
        return inlineShellHead(html, {
          keeper,
          stylesheetText: (href) => {
            const source = assets.get(href)
            if (source === undefined) return undefined
            return typeof source === 'string' ? source : new TextDecoder().decode(source)
          },
        })
      },
    },
  }
}
