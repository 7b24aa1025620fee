import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterEach, expect, test } from 'vitest'
import { precompressedFiles, precompressFile } from './precompress'

let dir = ''
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

test('compresses the hashed scripts and styles only: never a file a deployment may edit', () => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'))
  mkdirSync(join(dir, 'assets'))
  mkdirSync(join(dir, 'shells'))
  for (const file of [
    'sw.js',
    'sw.js.map',
    'index.html',
    'manifest.webmanifest',
    'favicon.png',
    'assets/index-Ab12.js',
    'assets/index-Ab12.css',
    'shells/login.html',
    'release-notes.json',
    'assets/index-Ab12.js.map',
    'assets/logo-Ab12.png',
  ]) {
    writeFileSync(join(dir, file), 'x')
  }
  expect(precompressedFiles(dir).sort()).toEqual(['assets/index-Ab12.css', 'assets/index-Ab12.js'])
})

test('a compressed copy reads back as the file, smaller', () => {
  const source = Buffer.from('export const screen = "Área profesional";\n'.repeat(200))
  const copy = precompressFile(source)
  expect(copy.length).toBeLessThan(source.length / 10)
  expect(brotliDecompressSync(copy).equals(source)).toBe(true)
})
