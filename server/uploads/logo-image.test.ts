import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  LOGO_MAX_BYTES,
  LogoRejectedError,
  processLogo,
  sniffImageFormat,
  type LogoRejection,
} from './logo-image.js'
import { makeImage, makeJpegWithExif, makePngBomb } from './testing/images.js'

async function rejection(bytes: Buffer): Promise<LogoRejection | 'accepted'> {
  try {
    await processLogo(bytes)
    return 'accepted'
  } catch (error) {
    if (error instanceof LogoRejectedError) return error.reason
    throw error
  }
}

describe('sniffImageFormat', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('recognises %s by its bytes', async (format) => {
    expect(sniffImageFormat(await makeImage(format))).toBe(format)
  })

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['HTML', '<!doctype html><title>x</title>'],
    ['GIF', 'GIF89a\x01\x00\x01\x00'],
    ['empty', ''],
    ['a RIFF that is not WebP', 'RIFF\x00\x00\x00\x00WAVEfmt '],
  ])('refuses %s', (_kind, text) => {
    expect(sniffImageFormat(Buffer.from(text, 'latin1'))).toBeUndefined()
  })
})

describe('processLogo', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('re-encodes a %s as a PNG', async (format) => {
    const logo = await processLogo(await makeImage(format, { width: 300, height: 100 }))
    expect(sniffImageFormat(logo.png)).toBe('png')
    expect([logo.width, logo.height]).toEqual([300, 100])
    expect(logo.hash).toMatch(/^[0-9a-f]{32}$/)
  })

  it('names the same picture by the same hash, and another by another', async () => {
    const first = await processLogo(await makeImage('png'))
    const again = await processLogo(await makeImage('png'))
    const other = await processLogo(await makeImage('png', { color: '#ff0000' }))
    expect(again.hash).toBe(first.hash)
    expect(other.hash).not.toBe(first.hash)
  })

  it('strips the metadata the original carried', async () => {
    const original = await makeJpegWithExif('PACIENTE-SECRETO')
    expect(original.includes('PACIENTE-SECRETO')).toBe(true)
    const logo = await processLogo(original)
    expect(logo.png.includes('PACIENTE-SECRETO')).toBe(false)
    expect((await sharp(logo.png).metadata()).exif).toBeUndefined()
  })

  it('shrinks a large logo to fit 1024 px, keeping its proportions', async () => {
    const logo = await processLogo(await makeImage('png', { width: 2048, height: 1024 }))
    expect([logo.width, logo.height]).toEqual([1024, 512])
  })

  it('refuses a file that lies about its type (SVG or text named .png)', async () => {
    expect(await rejection(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'unsupported_type',
    )
    expect(await rejection(Buffer.from('not an image at all'))).toBe('unsupported_type')
  })

  it('refuses a PNG signature followed by another format', async () => {
    const jpeg = await makeImage('jpeg')
    const forged = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      jpeg,
    ])
    expect(await rejection(forged)).toBe('damaged')
  })

  it.each(['png', 'jpeg', 'webp'] as const)('refuses a truncated %s', async (format) => {
    const whole = await makeImage(format, { width: 200, height: 200 })
    expect(await rejection(whole.subarray(0, Math.floor(whole.length / 2)))).toBe('damaged')
  })

  it('refuses a file over 1 MB before looking inside', async () => {
    const padded = Buffer.concat([await makeImage('png'), Buffer.alloc(LOGO_MAX_BYTES)])
    expect(await rejection(padded)).toBe('too_large')
  })

  it('refuses an image wider than 2048 px', async () => {
    expect(await rejection(await makeImage('png', { width: 2049, height: 10 }))).toBe(
      'too_many_pixels',
    )
  })

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const bomb = await makePngBomb()
    expect(bomb.length).toBeLessThan(200)
    expect(await rejection(bomb)).toBe('too_many_pixels')
  })
})
