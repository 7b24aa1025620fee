import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Where Debian's `postgresql` packages put each major version: `{root}/{version}/bin`. */
export const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql'

/**
 * The `bin` folder of the newest PostgreSQL installed from Debian's packages (15 on bookworm,
 * 17 on trixie: the suite needs no particular version), or null when none is.
 */
export function findPostgresBinDir(root = DEBIAN_POSTGRES_ROOT): string | null {
  let versions: string[]
  try {
    versions = readdirSync(root)
  } catch {
    return null
  }
  const newestFirst = versions
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
  const version = newestFirst.find((name) => existsSync(join(root, name, 'bin', 'postgres')))
  return version === undefined ? null : join(root, version, 'bin')
}

export function hasPostgresBinaries(): boolean {
  return findPostgresBinDir() !== null
}
