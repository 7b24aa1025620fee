import { afterEach, describe, expect, it, vi } from 'vitest'
import { LLAMADA_VIDEO_LENTA_MS, LLAMADA_VIDEO_MIN_BPS } from '../../../contract/calls'
import { BANDWIDTH_CHECK_MS, isVideoStarved, watchVideoBandwidth } from './bandwidth-watch'

/** A statistics report as the browser gives it: outgoing video and the pair in use. */
function statsReport(reason: string, availableBps: number): RTCStatsReport {
  return new Map<string, Record<string, unknown>>([
    ['out', { type: 'outbound-rtp', kind: 'video', qualityLimitationReason: reason }],
    ['pair', { type: 'candidate-pair', nominated: true, availableOutgoingBitrate: availableBps }],
  ])
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the video bandwidth watch', () => {
  it('calls video starved only when the network holds it back below the minimum', () => {
    expect(isVideoStarved(statsReport('bandwidth', LLAMADA_VIDEO_MIN_BPS - 1))).toBe(true)
    expect(isVideoStarved(statsReport('bandwidth', LLAMADA_VIDEO_MIN_BPS))).toBe(false)
    // A slow processor, not the network.
    expect(isVideoStarved(statsReport('cpu', 20_000))).toBe(false)
    expect(isVideoStarved(new Map() as unknown as RTCStatsReport)).toBe(false)
  })

  it('gives up on video once it has been starved long enough, not on a short dip', async () => {
    vi.useFakeTimers()
    let report = statsReport('bandwidth', 40_000)
    const onTooSlow = vi.fn()
    const stop = watchVideoBandwidth({ getStats: () => Promise.resolve(report), onTooSlow })
    await vi.advanceTimersByTimeAsync(LLAMADA_VIDEO_LENTA_MS - BANDWIDTH_CHECK_MS)
    report = statsReport('none', 2_000_000)
    await vi.advanceTimersByTimeAsync(BANDWIDTH_CHECK_MS)
    report = statsReport('bandwidth', 40_000)
    await vi.advanceTimersByTimeAsync(LLAMADA_VIDEO_LENTA_MS)
    expect(onTooSlow).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(BANDWIDTH_CHECK_MS * 2)
    expect(onTooSlow).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(LLAMADA_VIDEO_LENTA_MS * 2)
    expect(onTooSlow).toHaveBeenCalledOnce()
    stop()
  })
})
