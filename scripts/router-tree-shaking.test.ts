import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { treeShakableRouter } from './router-tree-shaking'

const ROUTER_CHUNK = `var LocationContext = React.createContext(null);
LocationContext.displayName = "Location";
var Link = React10.forwardRef(
  function LinkWithRef({ to }, ref) {
    return React10.createElement("a", { ref, href: to });
  }
);
Link.displayName = "Link";
function useHref(to) {
  return React.useContext(LocationContext) ? to : "";
}
`

describe('treeShakableRouter', () => {
  it('drops the components’ names and marks their creation pure, line for line', () => {
    const shaken = treeShakableRouter(ROUTER_CHUNK)

    expect(shaken).not.toContain('displayName')
    expect(shaken).toContain('var LocationContext = /* @__PURE__ */ React.createContext(null);')
    expect(shaken).toContain('var Link = /* @__PURE__ */ React10.forwardRef(')
    // The lines stay where they were, so the source map still points right.
    expect(shaken.split('\n')).toHaveLength(ROUTER_CHUNK.split('\n').length)
  })

  it('leaves the calls that do something alone', () => {
    const shaken = treeShakableRouter(ROUTER_CHUNK)

    expect(shaken).toContain('return React10.createElement("a", { ref, href: to });')
    expect(shaken).toContain('return React.useContext(LocationContext) ? to : "";')
  })

  it('still finds what it removes in the installed react-router', () => {
    const dist = new URL('../node_modules/react-router/dist/production/', import.meta.url)
    const code = readdirSync(dist)
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => readFileSync(new URL(name, dist), 'utf8'))
      .join('\n')
    const shaken = treeShakableRouter(code)

    expect(code).toMatch(/^Link\.displayName = "Link";$/m)
    expect(shaken).not.toMatch(/^Link\.displayName = /m)
    expect(shaken).toMatch(/var Link = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/)
  })
})
