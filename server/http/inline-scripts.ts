import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

// A script element without attributes: the build's own inline code (scripts/shell-head.ts).
// Data blocks carry a type and are not run; anything else inline is not the build's.
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g

/**
 * The CSP sources (`'sha256-…'`) that allow exactly the inline scripts in `html`: a policy with
 * them runs those and no other inline code, no `'unsafe-inline'`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code = '']) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`,
  )
  return [...new Set(hashes)]
}

/**
 * The hashes of the inline scripts of the build in `distDir`, read once at start: every shell
 * shares `index.html`'s head. None while there is no build (the API alone, or tests). A rebuild
 * that changes the keeper's code needs a restart, as any change of the server's own does.
 */
export function readInlineScriptHashes(distDir: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(join(distDir, 'index.html'), 'utf8'))
  } catch {
    return []
  }
}
