/**
 * One side of a call's WebRTC connection, with the "perfect negotiation" pattern (MDN, WebRTC
 * API, "Establishing a connection: the perfect negotiation pattern"): both sides may start a
 * negotiation at any time (a camera turned on, an ICE restart) and a collision is settled by
 * roles, never by timing. The patient's side is the polite one: it yields its own offer to the
 * professional's. Candidates trickle as they are found. When the connection drops (a network
 * change, the relay restarting) it restarts ICE by itself, and the caller shows "Reconectando…".
 */
import type { Senal } from '../../../contract/calls'

/** How long a `disconnected` connection may recover by itself before ICE is restarted. */
const DISCONNECTED_GRACE_MS = 2_000

export type CallLinkState = 'conectando' | 'conectada' | 'reconectando' | 'fallida'

export interface PeerConnectionOptions {
  /** The patient's side: yields to the other side's offer when both offer at once. */
  polite: boolean
  configuration: RTCConfiguration
  /** Sends one signal to the other side (in order; a failure is reported, not retried). */
  send: (senal: Senal) => Promise<void>
  onRemoteStream: (stream: MediaStream) => void
  onState: (state: CallLinkState) => void
  onError: (error: unknown) => void
  /** For tests: the browser's constructor otherwise. */
  createPeer?: (configuration: RTCConfiguration) => RTCPeerConnection
}

export interface PeerConnection {
  /** Adds the local tracks: the negotiation starts from here (`negotiationneeded`). */
  addLocalStream(stream: MediaStream): void
  /** A signal from the other side, in the order the live stream delivered it. */
  receive(senal: Senal): Promise<void>
  /** The connection's statistics (frames decoded, audio received), for diagnostics and tests. */
  getStats(): Promise<RTCStatsReport>
  close(): void
}

export function createPeerConnection(options: PeerConnectionOptions): PeerConnection {
  const { polite, send, onState, onError } = options
  const peer = (options.createPeer ?? ((config) => new RTCPeerConnection(config)))(
    options.configuration,
  )
  let makingOffer = false
  let ignoreOffer = false
  let closed = false
  let graceTimer: ReturnType<typeof setTimeout> | undefined
  // Signals leave in the order they were made: an answer never overtakes its candidates' offer.
  let outgoing: Promise<void> = Promise.resolve()

  function signal(senal: Senal) {
    outgoing = outgoing.then(() => send(senal)).catch(onError)
  }

  function description(): Senal {
    const local = peer.localDescription
    if (local?.type !== 'offer' && local?.type !== 'answer') {
      throw new Error('No local description to send')
    }
    return { descripcion: { type: local.type, sdp: local.sdp } }
  }

  peer.onnegotiationneeded = async () => {
    try {
      makingOffer = true
      await peer.setLocalDescription()
      signal(description())
    } catch (error) {
      onError(error)
    } finally {
      makingOffer = false
    }
  }

  peer.onicecandidate = ({ candidate }) => {
    signal({ candidato: candidate ? toCandidate(candidate) : null })
  }

  peer.ontrack = ({ streams }) => {
    const [stream] = streams
    if (stream) options.onRemoteStream(stream)
  }

  peer.onconnectionstatechange = () => {
    if (closed) return
    clearTimeout(graceTimer)
    switch (peer.connectionState) {
      case 'connected':
        onState('conectada')
        break
      case 'disconnected':
        // Often back by itself within a moment (a Wi-Fi blip); otherwise, a new path is found.
        onState('reconectando')
        graceTimer = setTimeout(() => {
          if (peer.connectionState === 'disconnected') peer.restartIce()
        }, DISCONNECTED_GRACE_MS)
        break
      case 'failed':
        onState('reconectando')
        peer.restartIce()
        break
      default:
        break
    }
  }

  onState('conectando')

  return {
    addLocalStream(stream) {
      for (const track of stream.getTracks()) peer.addTrack(track, stream)
    },

    async receive(senal) {
      if (closed) return
      try {
        if ('descripcion' in senal) {
          const offered = senal.descripcion.type === 'offer'
          const collision = offered && (makingOffer || peer.signalingState !== 'stable')
          ignoreOffer = !polite && collision
          if (ignoreOffer) return
          await peer.setRemoteDescription(senal.descripcion)
          if (offered) {
            await peer.setLocalDescription()
            signal(description())
            // Yielding rolled back this side's own offer, and with it the candidate gathering
            // that offer started: Chromium may then gather nothing for the answer (seen when
            // the other offer lands before the first relay candidate), and through a relay
            // nobody connects. A fresh ICE negotiation gathers again from the stable state.
            if (collision) peer.restartIce()
          }
          return
        }
        try {
          await peer.addIceCandidate(senal.candidato ?? undefined)
        } catch (error) {
          // Candidates of an offer this side ignored are expected to fail.
          if (!ignoreOffer) throw error
        }
      } catch (error) {
        onError(error)
      }
    },

    getStats: () => peer.getStats(),

    close() {
      closed = true
      clearTimeout(graceTimer)
      peer.onnegotiationneeded = null
      peer.onicecandidate = null
      peer.ontrack = null
      peer.onconnectionstatechange = null
      peer.close()
    },
  }
}

function toCandidate(candidate: RTCIceCandidate) {
  const json = candidate.toJSON()
  return {
    candidate: json.candidate ?? '',
    sdpMid: json.sdpMid ?? null,
    sdpMLineIndex: json.sdpMLineIndex ?? null,
    usernameFragment: json.usernameFragment ?? null,
  }
}
