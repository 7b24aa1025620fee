import { describe, expect, it, vi } from 'vitest'
import {
  CAMERA_FALLBACK_NOTICE,
  CallMediaError,
  MICROPHONE_REFUSED,
  captureCallMedia,
} from './call-media'

const stream = (kinds: string[]) => ({ kinds }) as unknown as MediaStream

function devices(refuse: { video?: boolean; audio?: boolean }) {
  return {
    getUserMedia: vi.fn((constraints?: MediaStreamConstraints) => {
      if (constraints?.video && refuse.video) {
        return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
      }
      if (refuse.audio) return Promise.reject(new DOMException('No device', 'NotFoundError'))
      return Promise.resolve(stream(constraints?.video ? ['audio', 'video'] : ['audio']))
    }),
  }
}

describe('captureCallMedia', () => {
  it('captures camera and microphone for a video call', async () => {
    const media = await captureCallMedia(true, devices({}))
    expect(media).toMatchObject({ hasVideo: true, notice: null })
    expect(media.stream).toEqual(stream(['audio', 'video']))
  })

  it('goes on with the voice alone when the camera is refused, and says so', async () => {
    const fake = devices({ video: true })
    const media = await captureCallMedia(true, fake)
    expect(media).toMatchObject({ hasVideo: false, notice: CAMERA_FALLBACK_NOTICE })
    expect(fake.getUserMedia).toHaveBeenLastCalledWith({ audio: true, video: false })
  })

  it('asks for the microphone only on a voice call', async () => {
    const fake = devices({})
    const media = await captureCallMedia(false, fake)
    expect(media).toMatchObject({ hasVideo: false, notice: null })
    expect(fake.getUserMedia).toHaveBeenCalledTimes(1)
  })

  it('refuses the call without a microphone, in Spanish', async () => {
    // jsdom, like a page opened over plain http, has no navigator.mediaDevices.
    await expect(captureCallMedia(false)).rejects.toBeInstanceOf(CallMediaError)
    await expect(captureCallMedia(true, devices({ audio: true }))).rejects.toThrow(
      new CallMediaError(MICROPHONE_REFUSED),
    )
  })
})
