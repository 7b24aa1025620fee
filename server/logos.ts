import { existsSync } from 'node:fs'
import { access } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** URL prefix of the tenant logos this server serves. */
export const LOGOS_URL_PREFIX = '/logos/'

const LOGO_FILE = /^[a-z0-9][a-z0-9-]{0,99}\.png$/

/** True for a file name the logos route may serve (`{tenant}.png`, lowercase, no path). */
export function isLogoFileName(name: string): boolean {
  return LOGO_FILE.test(name)
}

/**
 * The directory of the committed logos (`server/logos`). From source it sits beside this
 * module; compiled, this module lives in `build/server/`, two levels below the project root.
 */
export function resolveLogosDir(): string {
  const candidates = [
    fileURLToPath(new URL('./logos/', import.meta.url)),
    fileURLToPath(new URL('../../server/logos/', import.meta.url)),
  ]
  return candidates.find((dir) => existsSync(dir)) ?? candidates[0] ?? ''
}

/** True when `imagen` names one of the PNG logos present in `logosDir`. */
export async function isServerLogo(imagen: string, logosDir: string): Promise<boolean> {
  if (!imagen.startsWith(LOGOS_URL_PREFIX)) return false
  const name = imagen.slice(LOGOS_URL_PREFIX.length)
  if (!isLogoFileName(name)) return false
  try {
    await access(join(logosDir, name))
    return true
  } catch {
    return false
  }
}
