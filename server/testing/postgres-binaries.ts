import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** Where Debian's `postgresql` package puts the server binaries. */
export const POSTGRES_BIN_DIR = '/usr/lib/postgresql/15/bin'

export function hasPostgresBinaries(): boolean {
  return existsSync(join(POSTGRES_BIN_DIR, 'postgres'))
}
