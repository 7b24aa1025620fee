import { expect, it } from 'vitest'
import { shrinkPhoto } from './shrink-photo'

it('sends the photo as it is where the browser cannot shrink it', async () => {
  // jsdom has neither OffscreenCanvas nor module workers, like an old browser.
  const photo = new File([new Uint8Array([1, 2, 3])], 'foto.jpg', { type: 'image/jpeg' })
  expect(await shrinkPhoto(photo)).toBe(photo)
})
