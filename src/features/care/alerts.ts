/**
 * How a professional learns of a new request without looking: a short tone (Web Audio, no sound
 * file to download), and a system notification while the tab is hidden, once they allowed it.
 */
import type { Asistencia } from '../../contract/care'
import { origenLabel } from './origen-label'

let audio: AudioContext | null = null

const TONE = [
  [0, 880],
  [0.18, 1175],
] as const
// Someone without an appointment is waiting now: the same notes, rising once more, twice.
const URGENT_TONE = [
  [0, 880],
  [0.18, 1175],
  [0.36, 1568],
  [0.7, 880],
  [0.88, 1175],
  [1.06, 1568],
] as const

/** Short notes. Browsers allow sound only after the user has interacted with the page. */
export function playNewRequestTone(isUrgent = false): void {
  try {
    audio ??= new AudioContext()
    const start = audio.currentTime
    for (const [offset, frequency] of isUrgent ? URGENT_TONE : TONE) {
      const oscillator = audio.createOscillator()
      const gain = audio.createGain()
      oscillator.frequency.value = frequency
      gain.gain.setValueAtTime(0.0001, start + offset)
      gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15)
      oscillator.connect(gain).connect(audio.destination)
      oscillator.start(start + offset)
      oscillator.stop(start + offset + 0.16)
    }
  } catch {
    // No Web Audio (or blocked): the title count and the list still say it.
  }
}

export function canNotify(): boolean {
  return 'Notification' in window
}

export function notificationPermission(): NotificationPermission {
  return canNotify() ? Notification.permission : 'denied'
}

export async function requestNotifications(): Promise<NotificationPermission> {
  if (!canNotify()) return 'denied'
  try {
    return await Notification.requestPermission()
  } catch {
    return Notification.permission
  }
}

/** The tone, and a notification with the patient's name while the tab is hidden. */
export function announceNewRequest(asistencia: Asistencia): void {
  const mark = origenLabel(asistencia)
  playNewRequestTone(mark !== null)
  if (document.visibilityState !== 'hidden' || notificationPermission() !== 'granted') return
  try {
    new Notification(
      mark === null ? 'Nueva solicitud de asistencia' : `Atención inmediata (${mark})`,
      {
        body: `${asistencia.paciente.nombre}: ${asistencia.motivo.slice(0, 120)}`,
        tag: `asistencia-${asistencia.id}`,
        // Immediate care stays on screen until someone looks at it.
        requireInteraction: mark !== null,
      },
    )
  } catch {
    // Some browsers allow notifications only from the worker: the tone and the title remain.
  }
}
