/**
 * What makes a ringing call heard when the page is not being looked at: a soft two-tone ring
 * played with Web Audio (no sound file to cache), and on a hidden tab a system notification,
 * when the person already allowed them. Neither says who calls or why: a lock screen shows it.
 */

const RING_ON_MS = 1_000
const RING_PERIOD_MS = 3_000

/** Starts ringing; the returned function stops it. Silent where Web Audio is missing or blocked. */
export function startRingTone(): () => void {
  const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined
  if (AudioContextClass === undefined) return () => undefined
  let context: AudioContext
  try {
    context = new AudioContextClass()
  } catch {
    return () => undefined
  }
  const ring = () => {
    const gain = context.createGain()
    gain.gain.value = 0.08
    gain.connect(context.destination)
    for (const [index, frequency] of [440, 480].entries()) {
      const oscillator = context.createOscillator()
      oscillator.frequency.value = frequency
      oscillator.connect(gain)
      oscillator.start(context.currentTime + index * 0.01)
      oscillator.stop(context.currentTime + RING_ON_MS / 1000)
    }
  }
  ring()
  const timer = setInterval(ring, RING_PERIOD_MS)
  return () => {
    clearInterval(timer)
    void context.close().catch(() => undefined)
  }
}

/** On a hidden tab, a notification that a call rings here; closed when the ringing stops. */
export function notifyIncomingCall(isVideo: boolean): () => void {
  if (
    document.visibilityState !== 'hidden' ||
    typeof Notification === 'undefined' ||
    Notification.permission !== 'granted'
  ) {
    return () => undefined
  }
  let notification: Notification
  try {
    notification = new Notification(isVideo ? 'Videollamada entrante' : 'Llamada de voz entrante', {
      body: 'Abre la consulta para responder.',
      tag: 'llamada-entrante',
      requireInteraction: true,
    })
  } catch {
    // Pages controlled by a worker on Android may only notify through it: the ring still sounds.
    return () => undefined
  }
  notification.onclick = () => {
    window.focus()
    notification.close()
  }
  return () => {
    notification.close()
  }
}
