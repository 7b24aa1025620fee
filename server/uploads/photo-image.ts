import sharp from 'sharp'
import { FOTO_MAX_BYTES } from '../../src/contract/care.js'
import { LogoRejectedError, sniffImageFormat } from './logo-image.js'

/** Largest width or height of an uploaded photo: a 50-megapixel phone camera fits. */
export const FOTO_MAX_SIDE = 10_000

/** Longest side of the stored photo: readable on any screen, a few hundred kilobytes. */
export const FOTO_STORED_SIDE = 1600

/**
 * Checks a consultation photo and re-encodes it as the logo pipeline does (type from the bytes,
 * dimensions from the header before any pixel is decoded, a full decode that fails on truncated
 * data), turned upright and saved as a fresh JPEG without EXIF (a phone's GPS position included).
 * Refusals are {@link LogoRejectedError}s with the same reasons.
 */
export async function processPhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > FOTO_MAX_BYTES) throw new LogoRejectedError('too_large')
  const format = sniffImageFormat(bytes)
  if (format === undefined) throw new LogoRejectedError('unsupported_type')
  let width: number
  let height: number
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
    if (metadata.format !== format) throw new LogoRejectedError('unsupported_type')
    ;({ width, height } = metadata)
  } catch (error) {
    if (error instanceof LogoRejectedError) throw error
    throw new LogoRejectedError('damaged')
  }
  if (width > FOTO_MAX_SIDE || height > FOTO_MAX_SIDE) {
    throw new LogoRejectedError('too_many_pixels')
  }
  try {
    return await sharp(bytes, {
      limitInputPixels: FOTO_MAX_SIDE * FOTO_MAX_SIDE,
      failOn: 'truncated',
    })
      .rotate()
      .resize(FOTO_STORED_SIDE, FOTO_STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()
  } catch {
    throw new LogoRejectedError('damaged')
  }
}
