import sharp from 'sharp'

/**
 * A 12-megapixel camera photo (4000 × 3000, about 4.4 MB) held sideways, as a phone's camera
 * stores it: EXIF orientation 6 says it shows upright turned 90°, that is 3000 × 4000. A gradient
 * with grain, so it compresses like a photo and not like a flat colour.
 */
export function cameraPhoto(): Promise<Buffer> {
  const width = 4000
  const height = 3000
  const pixels = Buffer.alloc(width * height * 3)
  let seed = 1
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      const grain = (seed >>> 24) & 31
      pixels[at] = (x >> 4) + grain
      pixels[at + 1] = (y >> 4) + grain
      pixels[at + 2] = ((x + y) >> 5) + grain
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** Chromium DevTools' "3G" profile, the benchmarks' phone: 750 kbit/s up, 1.6 Mbit/s down. */
export const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
