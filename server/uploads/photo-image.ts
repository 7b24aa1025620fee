import sharp from 'sharp'
import {
  FOTO_CALIDAD_JPEG,
  FOTO_LADO_MAX,
  FOTO_MAX_BYTES,
  FOTO_MAX_PIXELS,
} from '../../src/contract/care.js'
import { createSlots, PHOTO_DECODES_AT_ONCE } from './image-slots.js'
import { LogoRejectedError, sniffImageFormat } from './logo-image.js'

const decodeSlot = createSlots(PHOTO_DECODES_AT_ONCE)

/**
 * Checks a consultation photo and re-encodes it as the logo pipeline does (type from the bytes,
 * dimensions from the header before any pixel is decoded, a full decode that fails on truncated
 * data), turned upright and saved as a fresh JPEG without EXIF (a phone's GPS position included).
 * A file whose header claims more than {@link FOTO_MAX_PIXELS} (a decompression bomb) is refused
 * before decoding; the decode reads the image top to bottom (sequential read), so its memory
 * follows the stored size, not the claimed one. Refusals are {@link LogoRejectedError}s with the
 * same reasons. At most {@link PHOTO_DECODES_AT_ONCE} photos are processed at once.
 */
export function processPhoto(bytes: Buffer): Promise<Buffer> {
  return decodeSlot(() => reencode(bytes))
}

async function reencode(bytes: Buffer): Promise<Buffer> {
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
  if (width * height > FOTO_MAX_PIXELS) throw new LogoRejectedError('too_many_pixels')
  try {
    return await sharp(bytes, {
      limitInputPixels: FOTO_MAX_PIXELS,
      sequentialRead: true,
      failOn: 'truncated',
    })
      .rotate()
      .resize(FOTO_LADO_MAX, FOTO_LADO_MAX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: Math.round(FOTO_CALIDAD_JPEG * 100), mozjpeg: true })
      .toBuffer()
  } catch {
    throw new LogoRejectedError('damaged')
  }
}
