import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LogoImageRepository } from '../repositories/logo-images.js'
import { isLogoFileName, LOGOS_URL_PREFIX } from './logos.js'

const UPLOADED_LOGO_PREFIX = '/logos/h/'
const UPLOADED_LOGO = /^\/logos\/h\/[0-9a-f]{32}\.png$/

/** Reads a logo this server holds, by its path on this server. */
export type OwnLogoReader = (path: string) => Promise<Buffer | null>

/**
 * The bytes of a logo served here (`/logos/{tenant}.png` or an uploaded `/logos/h/{hash}.png`);
 * null for any other path: another host's logo is never fetched.
 */
export function createOwnLogoReader({
  logos,
  logosDir,
}: {
  logos: Pick<LogoImageRepository, 'read'>
  logosDir: string
}): OwnLogoReader {
  return async (path) => {
    if (UPLOADED_LOGO.test(path)) {
      return (await logos.read(path.slice(UPLOADED_LOGO_PREFIX.length, -'.png'.length))) ?? null
    }
    const file = path.startsWith(LOGOS_URL_PREFIX) ? path.slice(LOGOS_URL_PREFIX.length) : ''
    if (!isLogoFileName(file)) return null
    return readFile(join(logosDir, file)).catch(() => null)
  }
}
