import { vi } from 'vitest'

/**
 * Enough of RTCPeerConnection for the call's unit tests: descriptions, candidates, tracks and
 * connection states, recorded for the test to read.
 */
export class FakePeer {
  signalingState: RTCSignalingState = 'stable'
  connectionState: RTCPeerConnectionState = 'new'
  localDescription: { type: RTCSdpType; sdp: string } | null = null
  remote: RTCSessionDescriptionInit[] = []
  candidates: (RTCIceCandidateInit | undefined)[] = []
  tracks = 0
  restarts = 0
  closed = false
  onnegotiationneeded: (() => Promise<void>) | null = null
  onicecandidate: ((event: { candidate: RTCIceCandidate | null }) => void) | null = null
  ontrack: ((event: { streams: MediaStream[] }) => void) | null = null
  onconnectionstatechange: (() => void) | null = null
  onsignalingstatechange: (() => void) | null = null

  get remoteDescription() {
    return this.remote.at(-1) ?? null
  }

  setLocalDescription() {
    const type = this.signalingState === 'have-remote-offer' ? 'answer' : 'offer'
    this.localDescription = { type, sdp: `${type} sdp` }
    this.signalingState = type === 'offer' ? 'have-local-offer' : 'stable'
    this.onsignalingstatechange?.()
    return Promise.resolve()
  }

  setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote.push(description)
    // An offer received over one's own is rolled back implicitly (what browsers do).
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable'
    this.onsignalingstatechange?.()
    return Promise.resolve()
  }

  /** A candidate named `broken` is refused, as a browser refuses one it cannot parse. */
  addIceCandidate(candidate?: RTCIceCandidateInit) {
    if (candidate?.candidate === 'broken') return Promise.reject(new Error('bad candidate'))
    this.candidates.push(candidate)
    return Promise.resolve()
  }

  /** Records what it was given, and counts the tracks added. */
  addTrack = vi.fn(() => {
    this.tracks += 1
  })

  restartIce() {
    this.restarts += 1
  }

  getStats() {
    return Promise.resolve(new Map() as unknown as RTCStatsReport)
  }

  close() {
    this.closed = true
  }

  /** The connection reaches `state`, told as the browser tells it. */
  becomes(state: RTCPeerConnectionState) {
    this.connectionState = state
    this.onconnectionstatechange?.()
  }
}
