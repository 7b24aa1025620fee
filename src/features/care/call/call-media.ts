/**
 * The camera and microphone for a call, asked for from a press (iOS starts media only from a
 * user's gesture). A video call whose camera is refused, missing or busy goes on with the voice
 * alone, and says so (as one whose network cannot carry video: `bandwidth-watch.ts`); without a
 * microphone there is no call.
 */

export interface CallMedia {
  stream: MediaStream
  /** False when a video call fell back to the voice alone. */
  hasVideo: boolean
  /** What the person is told about the fallback, or null. */
  notice: string | null
}

export class CallMediaError extends Error {}

export const CAMERA_FALLBACK_NOTICE =
  'No se ha podido usar la cámara: la llamada sigue solo con voz.'
export const SLOW_VIDEO_NOTICE =
  'La conexión es demasiado lenta para el vídeo: la llamada sigue solo con voz.'
export const MICROPHONE_REFUSED =
  'No se ha podido usar el micrófono. Revisa los permisos del navegador para esta aplicación.'

// A modest size: enough to see a rash or a gait on a phone, light enough for mobile data.
const VIDEO: MediaTrackConstraints = {
  facingMode: 'user',
  width: { ideal: 640 },
  height: { ideal: 480 },
}

/** The browser's media devices: absent outside secure contexts (plain http at a local address). */
function readMediaDevices(): MediaDevices | undefined {
  return 'mediaDevices' in navigator ? navigator.mediaDevices : undefined
}

/** Captures what the call needs; stops nothing it did not start. */
export async function captureCallMedia(
  wantsVideo: boolean,
  devices: Pick<MediaDevices, 'getUserMedia'> | undefined = readMediaDevices(),
): Promise<CallMedia> {
  if (!devices) throw new CallMediaError(MICROPHONE_REFUSED)
  if (wantsVideo) {
    try {
      return {
        stream: await devices.getUserMedia({ audio: true, video: VIDEO }),
        hasVideo: true,
        notice: null,
      }
    } catch {
      // Refused, missing or in use elsewhere: try the voice alone below.
    }
  }
  try {
    const stream = await devices.getUserMedia({ audio: true, video: false })
    return { stream, hasVideo: false, notice: wantsVideo ? CAMERA_FALLBACK_NOTICE : null }
  } catch {
    throw new CallMediaError(MICROPHONE_REFUSED)
  }
}
