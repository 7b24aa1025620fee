/**
 * Watches whether the network can carry this side's video: the browser's statistics say the
 * video encoder is held back by bandwidth (`qualityLimitationReason: 'bandwidth'`) while the
 * connection's estimate of what it can send (`availableOutgoingBitrate`) stays below
 * {@link LLAMADA_VIDEO_MIN_BPS}. Held for {@link LLAMADA_VIDEO_LENTA_MS}, the call is better as
 * voice alone: the caller stops the camera and says so. A short dip (a lift, a tunnel) is not.
 */
import { LLAMADA_VIDEO_LENTA_MS, LLAMADA_VIDEO_MIN_BPS } from '../../../contract/calls'

/** How often the statistics are read. */
export const BANDWIDTH_CHECK_MS = 2_000

export interface BandwidthWatchOptions {
  getStats: () => Promise<RTCStatsReport | null>
  /** Called once, when video has been too slow for long enough. */
  onTooSlow: () => void
}

/** Whether `report` shows outgoing video held back by a network below the minimum. */
export function isVideoStarved(report: RTCStatsReport): boolean {
  let limitedByBandwidth = false
  let available: number | undefined
  for (const entry of report.values() as Iterable<Record<string, unknown>>) {
    if (
      entry.type === 'outbound-rtp' &&
      entry.kind === 'video' &&
      entry.qualityLimitationReason === 'bandwidth'
    ) {
      limitedByBandwidth = true
    }
    if (
      entry.type === 'candidate-pair' &&
      entry.nominated === true &&
      typeof entry.availableOutgoingBitrate === 'number'
    ) {
      available = entry.availableOutgoingBitrate
    }
  }
  return limitedByBandwidth && available !== undefined && available < LLAMADA_VIDEO_MIN_BPS
}

/** Starts watching; returns how to stop. */
export function watchVideoBandwidth({ getStats, onTooSlow }: BandwidthWatchOptions): () => void {
  let starvedSince: number | null = null
  let stopped = false
  const timer = setInterval(() => {
    getStats().then(
      (report) => {
        if (stopped) return
        if (report === null || !isVideoStarved(report)) {
          starvedSince = null
          return
        }
        starvedSince ??= Date.now()
        if (Date.now() - starvedSince < LLAMADA_VIDEO_LENTA_MS) return
        stop()
        onTooSlow()
      },
      () => undefined,
    )
  }, BANDWIDTH_CHECK_MS)
  function stop() {
    stopped = true
    clearInterval(timer)
  }
  return stop
}
