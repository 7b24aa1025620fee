/**
 * Lets the bundler drop the parts of react-router the app never uses. Its production build is
 * one large module whose top level names every component (`Link.displayName = "Link"`) and
 * creates its contexts and components through calls the bundler cannot know are pure: each looks
 * like a side effect, so `Link`, `NavLink`, `Form`, `ScrollRestoration` and their prefetching code
 * stayed in every first load whatever the app imports. The names (read by developer tools only)
 * go, and those calls are marked pure. Line breaks are kept: the source map still holds.
 */
import type { Plugin } from 'vite'

const ROUTER_BUILD = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/

// `Link.displayName = "Link";` alone on its line, at the top level.
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm
// `React10.forwardRef(`, `React.createContext(`: calls whose result is only a value.
const PURE_CALL = /\bReact\d*\.(?:createContext|forwardRef|memo)\(/g

/** `code` with the component names dropped and the pure calls marked so. */
export function treeShakableRouter(code: string): string {
  return code.replace(DISPLAY_NAME, '').replace(PURE_CALL, '/* @__PURE__ */ $&')
}

export function routerTreeShakingPlugin(): Plugin {
  let changedModules = 0
  return {
    name: 'clinica-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_BUILD },
      handler(code) {
        const shakable = treeShakableRouter(code)
        if (shakable === code) return null
        changedModules += 1
        return { code: shakable, map: null }
      },
    },
    buildEnd(error) {
      // A new react-router whose build no longer looks like this would quietly cost bytes.
      if (!error && changedModules === 0) {
        this.error("react-router's production build no longer has what this plugin removes")
      }
    },
  }
}
