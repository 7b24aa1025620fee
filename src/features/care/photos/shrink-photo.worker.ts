/**
 * Shrinks one photo off the main thread: turned upright from its EXIF orientation, scaled so its
 * longest side is at most the contract's, and encoded afresh as JPEG (so no metadata, a phone's
 * GPS position included, survives). Answers the JPEG, or `null` when this browser cannot.
 * (Typed with the page's DOM library: the worker uses only what both share. The limits come with
 * the request: importing the contract here would bundle its schemas into the worker.)
 */
import { fitInside } from './fit-inside'

/** What the page asks: the photo, and the contract's longest side and JPEG quality. */
export interface ShrinkRequest {
  photo: Blob
  side: number
  quality: number
}

async function shrink({ photo, side, quality }: ShrinkRequest): Promise<Blob> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' })
  try {
    const { width, height } = fitInside(bitmap.width, bitmap.height, side)
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (context === null) throw new Error('No 2D context')
    // A transparent PNG turns white, as the server would flatten it.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, width, height)
    return await canvas.convertToBlob({ type: 'image/jpeg', quality })
  } finally {
    bitmap.close()
  }
}

addEventListener('message', (event: MessageEvent<ShrinkRequest>) => {
  shrink(event.data).then(
    (jpeg) => {
      postMessage(jpeg)
    },
    () => {
      postMessage(null)
    },
  )
})
