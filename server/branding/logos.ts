import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** URL prefix of the tenant logos this server serves. */
export const LOGOS_URL_PREFIX = '/logos/'

const LOGO_FILE = /^[a-z0-9][a-z0-9-]{0,99}\.png$/

/** True for a file name the logos route may serve (`{tenant}.png`, lowercase, no path). */
export function isLogoFileName(name: string): boolean {
  return LOGO_FILE.test(name)
}

/**
 * The directory of the committed logos (`server/logos`). From source it is this module's
 * sibling folder; compiled, this module lives in `build/server/branding/`, three levels below
 * the project root.
 */
export function resolveLogosDir(): string {
  const candidates = [
    fileURLToPath(new URL('../logos/', import.meta.url)),
    fileURLToPath(new URL('../../../server/logos/', import.meta.url)),
  ]
  return candidates.find((dir) => existsSync(dir)) ?? candidates[0] ?? ''
}
