import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, readInlineScriptHashes } from './inline-scripts.js'

describe('inlineScriptHashes', () => {
  it('gives the source a browser compares an inline script with', () => {
    // The example of CSP Level 3 (§ 8.3, "hash-source"), as browsers compute it.
    const html = "<head><script>alert('Hello, world.');</script></head>"
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ])
  })

  it('hashes the code exactly: a byte more is another script', () => {
    const [plain] = inlineScriptHashes('<script>a()</script>')
    const [spaced] = inlineScriptHashes('<script>a() </script>')
    expect(plain).not.toBe(spaced)
  })

  it("leaves out what is not the build's inline code: files, data blocks, modules", () => {
    const html =
      '<script src="/assets/a.js"></script>' +
      '<script type="application/json" id="tenant-branding">{"a":1}</script>' +
      '<script type="module">import "/x.js"</script>'
    expect(inlineScriptHashes(html)).toEqual([])
  })

  it('names a script repeated in the page once', () => {
    expect(inlineScriptHashes('<script>a()</script><p></p><script>a()</script>')).toHaveLength(1)
  })
})

describe('readInlineScriptHashes', () => {
  it("reads the build's index.html", () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinica-inline-'))
    writeFileSync(join(dir, 'index.html'), '<script>a()</script>')
    expect(readInlineScriptHashes(dir)).toEqual(inlineScriptHashes('<script>a()</script>'))
  })

  it('is empty without a build', () => {
    expect(readInlineScriptHashes(join(tmpdir(), 'clinica-no-such-build'))).toEqual([])
  })
})
