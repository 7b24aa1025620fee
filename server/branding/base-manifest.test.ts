import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readBaseManifest } from './base-manifest.js'

const dirs: string[] = []
function tempDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinica-base-manifest-'))
  dirs.push(dir)
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content)
  return dir
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const BUILT = {
  name: 'Clínica',
  description: 'Servida por la build',
  theme_color: '#1f4e8c',
  background_color: '#ffffff',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }],
}

describe('readBaseManifest', () => {
  it('prefers the copy the build serves', () => {
    const dist = tempDir({ 'manifest.webmanifest': JSON.stringify(BUILT) })
    expect(readBaseManifest(dist).description).toBe('Servida por la build')
  })

  it('falls back to the repository’s own file when the build has none, or a damaged one', () => {
    const fromRepository = readBaseManifest(tempDir()).description
    expect(fromRepository).toMatch(/^Portal de clínicas/)
    const damaged = tempDir({ 'manifest.webmanifest': '{"name": 1' })
    expect(readBaseManifest(damaged).description).toBe(fromRepository)
  })

  it('refuses to start without any usable base manifest', () => {
    expect(() => readBaseManifest(tempDir(), tempDir())).toThrow(/No usable base manifest/)
  })
})
