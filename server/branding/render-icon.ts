/**
 * Draws a hospital's icon with sharp: its logo on its primary colour, or its initials when it has
 * no usable logo. A maskable icon keeps the logo inside the central 80% circle that launchers may
 * crop to; the others give it 80% of the square.
 */
import sharp from 'sharp'
import type { BrandingColors } from '../../src/contract/branding.js'
import { TENANT_ICONS, type TenantIconKind } from '../../src/contract/icons.js'
import { initialsOf } from '../../src/contract/text.js'

// Side of the square inscribed in the 80% safe circle: 0.8 / √2 of the icon.
const MASKABLE_LOGO_SHARE = 0.8 / Math.SQRT2
const ANY_LOGO_SHARE = 0.8

/**
 * An icon's PNG: indexed colour (at most 256, dithered), which a logo on a flat tile needs, at
 * under half the bytes of full colour. The worker fetches every icon of a hospital on a phone's
 * first visit, so that each one shows offline; the two 512 px icons were most of that download.
 */
const ICON_PNG = { palette: true, effort: 10, compressionLevel: 9 } as const

export interface IconSource {
  name: string
  colors: Pick<BrandingColors, 'primario' | 'sobrePrimario'>
  /** The logo's bytes (PNG, JPEG or WebP), or null for the initials tile. */
  logo: Buffer | null
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${String(character.charCodeAt(0))};`)
}

function initialsTile(size: number, source: IconSource, share: number): Buffer {
  const initials = escapeXml(initialsOf(source.name) || '+')
  const fontSize = Math.round((size * share) / (initials.length > 1 ? 2 : 1.4))
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(size)}" height="${String(size)}">` +
    `<rect width="100%" height="100%" fill="${source.colors.primario}"/>` +
    `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="central" ` +
    `font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" ` +
    `font-size="${String(fontSize)}" fill="${source.colors.sobrePrimario}">${initials}</text></svg>`
  return Buffer.from(svg)
}

async function logoOn(size: number, source: IconSource, logo: Buffer, share: number) {
  const inner = Math.max(1, Math.round(size * share))
  const fitted = await sharp(logo, { limitInputPixels: 2048 * 2048 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
  return sharp({
    create: { width: size, height: size, channels: 4, background: source.colors.primario },
  })
    .composite([{ input: fitted, gravity: 'centre' }])
    .png(ICON_PNG)
    .toBuffer()
}

/** The PNG of `kind` for `source`; a logo sharp cannot read gives the initials tile. */
export async function renderIcon(kind: TenantIconKind, source: IconSource): Promise<Buffer> {
  const { size, maskable } = TENANT_ICONS[kind]
  const share = maskable ? MASKABLE_LOGO_SHARE : ANY_LOGO_SHARE
  if (source.logo) {
    try {
      return await logoOn(size, source, source.logo, share)
    } catch {
      // A damaged or unreadable logo: the hospital still gets a tile of its own.
    }
  }
  return sharp(initialsTile(size, source, share))
    .png(ICON_PNG)
    .toBuffer()
}
