import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseBaseManifest, type BaseManifest } from '../../src/contract/manifest.js'

const FILE_NAME = 'manifest.webmanifest'

function readFrom(path: string): BaseManifest | null {
  try {
    return parseBaseManifest(JSON.parse(readFileSync(path, 'utf8')))
  } catch {
    return null
  }
}

/**
 * The product's base manifest, which every tenant's manifest derives from: the build's copy in
 * `distDir`, else the repository's own (an API started without a build, the tests). Throws when
 * neither holds a usable one: the server would otherwise serve manifests no browser installs.
 */
export function readBaseManifest(distDir: string, repositoryDir = process.cwd()): BaseManifest {
  const candidates = [join(distDir, FILE_NAME), resolve(repositoryDir, FILE_NAME)]
  for (const path of candidates) {
    const base = readFrom(path)
    if (base) return base
  }
  throw new Error(`No usable base manifest at ${candidates.join(' or ')}`)
}
