// Draws the demo tenants' logos (`server/logos/{tenant}.png`, 512×512) and the app's own icons
// (`public/icons/…`, `public/favicon.png`, `public/apple-touch-icon.png`) as real PNG files,
// with no image library: shapes are signed distance functions, the encoder is zlib + CRC32.
//
//   npx tsx scripts/generate-logos.ts                 # everything
//   npx tsx scripts/generate-logos.ts --only=logos    # server/logos only
//   npx tsx scripts/generate-logos.ts --only=icons --out=/tmp/x
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

// ---------------------------------------------------------------------------------------------
// PNG encoding (https://www.w3.org/TR/png-3/): signature, IHDR, one IDAT, IEND.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

// CRC-32 as PNG chunks use it (ISO 3309, reflected, init and xor 0xffffffff).
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

// Encodes 8-bit RGBA pixels (row-major, straight alpha) as a PNG file.
function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // colour type: RGBA
  // bytes 10–12: deflate compression, adaptive filtering, no interlace (all zero)
  const stride = width * 4
  const raw = Buffer.alloc((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0 // filter type "None" for every scanline
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ])
}

// ---------------------------------------------------------------------------------------------
// Drawing: every shape is a signed distance function in pixels (negative inside); the pixel's
// coverage is clamp(0.5 - distance), which gives clean anti-aliased edges at any size.

type Sdf = (x: number, y: number) => number
type Rgb = [number, number, number]

function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16)
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]
}

const circle =
  (cx: number, cy: number, r: number): Sdf =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r

// Rectangle centred on (cx, cy) with half sizes hw × hh and corner radius r, rotated by angle.
const roundedRect =
  (cx: number, cy: number, hw: number, hh: number, r: number, angle = 0): Sdf =>
  (x, y) => {
    const cos = Math.cos(angle)
    const sin = Math.sin(angle)
    const lx = (x - cx) * cos + (y - cy) * sin
    const ly = -(x - cx) * sin + (y - cy) * cos
    const qx = Math.abs(lx) - hw + r
    const qy = Math.abs(ly) - hh + r
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r
  }

const union =
  (...shapes: Sdf[]): Sdf =>
  (x, y) =>
    Math.min(...shapes.map((shape) => shape(x, y)))

const ring =
  (shape: Sdf, halfWidth: number): Sdf =>
  (x, y) =>
    Math.abs(shape(x, y)) - halfWidth

// A medical cross centred on (cx, cy): arms of half length `arm` and half thickness `bar`.
function cross(cx: number, cy: number, arm: number, bar: number): Sdf {
  const corner = bar * 0.35
  return union(roundedRect(cx, cy, bar, arm, corner), roundedRect(cx, cy, arm, bar, corner))
}

class Canvas {
  // Premultiplied RGBA in 0..1, so layering is a plain "over".
  private readonly pixels: Float32Array

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 4)
  }

  fill(shape: Sdf, hex: string, opacity = 1): this {
    const [r, g, b] = hexToRgb(hex).map((channel) => channel / 255) as Rgb
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const coverage = Math.min(1, Math.max(0, 0.5 - shape(x + 0.5, y + 0.5))) * opacity
        if (coverage === 0) continue
        const i = (y * this.width + x) * 4
        const keep = 1 - coverage
        this.pixels[i] = r * coverage + (this.pixels[i] ?? 0) * keep
        this.pixels[i + 1] = g * coverage + (this.pixels[i + 1] ?? 0) * keep
        this.pixels[i + 2] = b * coverage + (this.pixels[i + 2] ?? 0) * keep
        this.pixels[i + 3] = coverage + (this.pixels[i + 3] ?? 0) * keep
      }
    }
    return this
  }

  toPng(): Buffer {
    const out = new Uint8Array(this.width * this.height * 4)
    for (let i = 0; i < out.length; i += 4) {
      const alpha = this.pixels[i + 3] ?? 0
      for (let c = 0; c < 3; c++) {
        out[i + c] = alpha > 0 ? Math.round(((this.pixels[i + c] ?? 0) / alpha) * 255) : 0
      }
      out[i + 3] = Math.round(alpha * 255)
    }
    return encodePng(this.width, this.height, out)
  }
}

// ---------------------------------------------------------------------------------------------
// Artwork. Sizes are fractions of the canvas so every output scales cleanly.

const APP_COLOR = '#1f4e8c'
const WHITE = '#ffffff'

// App icon with transparent corners ("any" purpose, favicon).
function drawAppIcon(size: number): Buffer {
  const c = size / 2
  return new Canvas(size, size)
    .fill(roundedRect(c, c, size * 0.47, size * 0.47, size * 0.2), APP_COLOR)
    .fill(cross(c, c, size * 0.3, size * 0.1), WHITE)
    .toPng()
}

// Full-bleed icon: maskable (the symbol stays inside the central 80 % safe circle,
// https://w3c.github.io/manifest/#icon-masks) and Apple touch icon (iOS rounds it itself).
function drawFullBleedIcon(size: number): Buffer {
  const c = size / 2
  return new Canvas(size, size)
    .fill(roundedRect(c, c, c + 1, c + 1, 0), APP_COLOR)
    .fill(cross(c, c, size * 0.24, size * 0.08), WHITE)
    .toPng()
}

function drawHospitalCentral(size: number): Buffer {
  const c = size / 2
  return new Canvas(size, size)
    .fill(roundedRect(c, c, size * 0.47, size * 0.47, size * 0.19), '#0b5394')
    .fill(circle(c, c, size * 0.33), '#38761d')
    .fill(cross(c, c, size * 0.22, size * 0.075), WHITE)
    .toPng()
}

function drawClinicaNorte(size: number): Buffer {
  const c = size / 2
  return new Canvas(size, size)
    .fill(circle(c, c, size * 0.47), '#6a1b9a')
    .fill(ring(circle(c, c, size * 0.38), size * 0.025), '#c2185b')
    .fill(cross(c, c, size * 0.22, size * 0.075), WHITE)
    .toPng()
}

// A pale sun disc: the tenant's low-contrast colours, held together by a darker outline.
function drawClinicaSol(size: number): Buffer {
  const c = size / 2
  const outline = '#c79100'
  const rays = Array.from({ length: 12 }, (_, index) => {
    const angle = (index * Math.PI) / 6
    const distance = size * 0.4
    return roundedRect(
      c + Math.sin(angle) * distance,
      c - Math.cos(angle) * distance,
      size * 0.025,
      size * 0.07,
      size * 0.025,
      angle,
    )
  })
  return new Canvas(size, size)
    .fill(union(...rays), outline)
    .fill(circle(c, c, size * 0.3), '#fff59d')
    .fill(ring(circle(c, c, size * 0.3), size * 0.018), outline)
    .fill(cross(c, c, size * 0.15, size * 0.05), '#8d6e00')
    .toPng()
}

const LOGO_SIZE = 512

// Output files relative to the project root, by group.
type Group = 'logos' | 'icons'

const OUTPUTS: Record<Group, Record<string, () => Buffer>> = {
  logos: {
    'server/logos/hospital-central.png': () => drawHospitalCentral(LOGO_SIZE),
    'server/logos/clinica-norte.png': () => drawClinicaNorte(LOGO_SIZE),
    'server/logos/clinica-sol.png': () => drawClinicaSol(LOGO_SIZE),
  },
  icons: {
    'public/icons/icon-192.png': () => drawAppIcon(192),
    'public/icons/icon-512.png': () => drawAppIcon(512),
    'public/icons/icon-maskable-512.png': () => drawFullBleedIcon(512),
    'public/favicon.png': () => drawAppIcon(48),
    'public/apple-touch-icon.png': () => drawFullBleedIcon(180),
  },
}

function readOption(name: string): string | undefined {
  const prefix = `--${name}=`
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length)
}

function parseGroup(value: string): Group {
  if (value === 'logos' || value === 'icons') return value
  throw new Error(`--only must be "logos" or "icons" (got "${value}").`)
}

function main() {
  const root = resolve(readOption('out') ?? fileURLToPath(new URL('..', import.meta.url)))
  const only = readOption('only')
  const groups: Group[] = only === undefined ? ['logos', 'icons'] : [parseGroup(only)]
  for (const group of groups) {
    for (const [path, draw] of Object.entries(OUTPUTS[group])) {
      const file = join(root, path)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, draw())
      console.log(`wrote ${path}`)
    }
  }
}

main()
