import { createHash } from 'node:crypto'
import sharp, { type Metadata, type OutputInfo } from 'sharp'

import { LOGO_MAX_BYTES, LOGO_MAX_SIDE } from '../../src/contract/logo.js'

export { LOGO_MAX_BYTES, LOGO_MAX_SIDE }

/** Side of the stored logo's bounding box: enough for the 512 px install icons. */
export const LOGO_STORED_SIDE = 1024

export type ImageFormat = 'png' | 'jpeg' | 'webp'

/** Why an upload was refused; each maps to one HTTP answer. */
export type LogoRejection = 'unsupported_type' | 'too_large' | 'too_many_pixels' | 'damaged'

export class LogoRejectedError extends Error {
  readonly reason: LogoRejection

  constructor(reason: LogoRejection) {
    super(`Logo refused: ${reason}`)
    this.name = 'LogoRejectedError'
    this.reason = reason
  }
}

/** A logo ready to store: a fresh PNG with no metadata, named by the hash of its bytes. */
export interface ProcessedLogo {
  png: Buffer
  /** First 32 hex digits of the SHA-256 of `png`. */
  hash: string
  width: number
  height: number
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/**
 * The raster format the bytes really are, read from their signature (never from a file name or
 * a declared type), or undefined for anything else: SVG, GIF, HTML, executables.
 */
export function sniffImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg'
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp'
  }
  return undefined
}

/**
 * Checks an uploaded logo and re-encodes it: the type by content, the size, the dimensions read
 * from the header before any pixel is decoded (a 100 000 × 100 000 "bomb" of a few kilobytes is
 * refused without allocating its pixels), then a full decode that fails on truncated data, and a
 * fresh PNG without EXIF, ICC text, comments or anything else the original carried.
 */
export async function processLogo(bytes: Buffer): Promise<ProcessedLogo> {
  if (bytes.length > LOGO_MAX_BYTES) throw new LogoRejectedError('too_large')
  const format = sniffImageFormat(bytes)
  if (format === undefined) throw new LogoRejectedError('unsupported_type')

  let metadata: Metadata
  try {
    // Reads the header only: no pixel is decoded, so no limit is needed yet.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw new LogoRejectedError('damaged')
  }
  if (metadata.format !== format) throw new LogoRejectedError('unsupported_type')
  if (metadata.width > LOGO_MAX_SIDE || metadata.height > LOGO_MAX_SIDE) {
    throw new LogoRejectedError('too_many_pixels')
  }

  let encoded: { data: Buffer; info: OutputInfo }
  try {
    // The pixel limit bounds the decoder too, in case the header understates what the data holds.
    encoded = await sharp(bytes, {
      limitInputPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE,
      failOn: 'truncated',
    })
      .rotate()
      .resize(LOGO_STORED_SIDE, LOGO_STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new LogoRejectedError('damaged')
  }
  return {
    png: encoded.data,
    hash: createHash('sha256').update(encoded.data).digest('hex').slice(0, 32),
    width: encoded.info.width,
    height: encoded.info.height,
  }
}
