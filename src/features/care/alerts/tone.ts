/** The short tone of an alert: Web Audio, no sound file to download. */
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
export function playAlertTone(isUrgent = false): void {
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
    // No Web Audio (or blocked): the banner, the title count and the screen still say it.
  }
}
