/**
 * The phone shrinks a photo before sending it (a 12-megapixel camera photo of ~5 MB goes as a few
 * hundred kilobytes): in a worker, so the screen stays responsive. Where the browser cannot (no
 * module workers, `OffscreenCanvas` or `createImageBitmap`, or an image it cannot decode), the
 * photo goes as it is: the server shrinks it all the same, it only takes longer to send.
 */
import { FOTO_CALIDAD_JPEG, FOTO_LADO_MAX } from '../../../contract/care'
import type { ShrinkRequest } from './shrink-photo.worker'

/** What a shrunk photo is named when sent (the server reads the type from the bytes). */
export const SHRUNK_NAME = 'foto.jpg'

function canShrink(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof createImageBitmap === 'function'
  )
}

/** The photo shrunk to a JPEG, or `photo` itself where that is not possible. */
export function shrinkPhoto(photo: Blob): Promise<Blob> {
  if (!canShrink()) return Promise.resolve(photo)
  return new Promise((resolve) => {
    let worker: Worker
    try {
      worker = new Worker(new URL('./shrink-photo.worker.ts', import.meta.url), {
        type: 'module',
        name: 'reducir-foto',
      })
    } catch {
      resolve(photo)
      return
    }
    const settle = (result: Blob) => {
      worker.terminate()
      resolve(result)
    }
    worker.onmessage = (event: MessageEvent<Blob | null>) => {
      settle(event.data ?? photo)
    }
    worker.onerror = () => {
      settle(photo)
    }
    const request: ShrinkRequest = { photo, side: FOTO_LADO_MAX, quality: FOTO_CALIDAD_JPEG }
    worker.postMessage(request)
  })
}
