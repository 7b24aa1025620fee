/** The QR code of an address, as an image the page can show and print at any size. */
import QRCode from 'qrcode'

/**
 * An SVG data URL (crisp when printed large) of `text`'s QR code: error correction M (a printed
 * sheet survives a crease or a smudge) and the 4-module quiet zone the QR standard asks for,
 * black on white whatever the hospital's colours, so every phone camera reads it. Drawn at once
 * (the library's callback form runs synchronously), so the page never shows an empty code.
 */
export function qrCodeImageUrl(text: string): string {
  let svg = ''
  QRCode.toString(
    text,
    {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 4,
      color: { dark: '#000000', light: '#ffffff' },
    },
    (error, drawn) => {
      if (error) throw error
      svg = drawn
    },
  )
  if (svg === '') throw new Error('The QR code was not drawn synchronously')
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
