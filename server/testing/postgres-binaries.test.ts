import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findPostgresBinDir } from './postgres-binaries.js'

const roots: string[] = []

function fakeRoot(layout: Record<string, boolean>): string {
  const root = mkdtempSync(join(tmpdir(), 'clinica-pg-root-'))
  roots.push(root)
  for (const [version, hasServer] of Object.entries(layout)) {
    mkdirSync(join(root, version, 'bin'), { recursive: true })
    if (hasServer) writeFileSync(join(root, version, 'bin', 'postgres'), '')
  }
  return root
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

describe('findPostgresBinDir', () => {
  it('takes the newest major version that has a server (17 over 9, numerically)', () => {
    const root = fakeRoot({ '9': true, '15': true, '17': true })
    expect(findPostgresBinDir(root)).toBe(join(root, '17', 'bin'))
  })

  it('skips a version left without its server binary, and folders that are not versions', () => {
    const root = fakeRoot({ '15': true, '16': false, common: true })
    expect(findPostgresBinDir(root)).toBe(join(root, '15', 'bin'))
  })

  it('is null when nothing is installed', () => {
    expect(findPostgresBinDir(fakeRoot({}))).toBeNull()
    expect(findPostgresBinDir(join(tmpdir(), 'clinica-no-such-folder'))).toBeNull()
  })
})
