import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** A plain image of `width` × `height` in `format`, for upload tests. */
export function makeImage(
  format: 'png' | 'jpeg' | 'webp',
  { width = 64, height = 32, color = '#0b5394' } = {},
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } })
  return image[format]().toBuffer()
}

/** A JPEG carrying an EXIF comment with `secret`, to prove metadata is stripped. */
export function makeJpegWithExif(secret: string): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 40, channels: 3, background: '#38761d' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { ImageDescription: secret } } })
    .toBuffer()
}

/**
 * A decompression bomb: a valid few-hundred-byte PNG whose header claims `side` × `side` pixels
 * (the IHDR chunk rewritten, its checksum recomputed).
 */
export async function makePngBomb(side = 100_000): Promise<Buffer> {
  const png = Buffer.from(await makeImage('png', { width: 1, height: 1 }))
  // Signature (8) + length (4), then "IHDR" at 12, width at 16, height at 20, CRC at 29.
  png.writeUInt32BE(side, 16)
  png.writeUInt32BE(side, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}
