/**
 * One side of a call's WebRTC connection, with the "perfect negotiation" pattern (MDN, WebRTC
 * API, "Establishing a connection: the perfect negotiation pattern"): both sides may start a
 * negotiation at any time (a camera turned on, an ICE restart) and a collision is settled by
 * roles, never by timing. The patient's side is the polite one: it yields its own offer to the
 * professional's. Candidates trickle as they are found. When the connection drops (a network
 * change, the relay restarting) it restarts ICE by itself, and the caller shows "Reconectando…";
 * a connection down for {@link LLAMADA_RECONEXION_MS} is `fallida` for good.
 */
import { LLAMADA_RECONEXION_MS, type Senal } from '../../../contract/calls'

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
  const newPeer = () =>
    (options.createPeer ?? ((config) => new RTCPeerConnection(config)))(options.configuration)
  let peer = newPeer()
  const localStreams: MediaStream[] = []
  // Whether a negotiation ever completed here: until then there is nothing to roll back to.
  let hasNegotiated = false
  let makingOffer = false
  let ignoreOffer = false
  let closed = false
  let graceTimer: ReturnType<typeof setTimeout> | undefined
  // Runs while the connection is not connected (from the start, too): when it fires, the call
  // cannot be carried any more and the caller ends it.
  let giveUpTimer: ReturnType<typeof setTimeout> | undefined

  function awaitConnection() {
    giveUpTimer ??= setTimeout(() => {
      if (closed) return
      onState('fallida')
    }, LLAMADA_RECONEXION_MS)
  }
  // Signals leave in the order they were made: an answer never overtakes its candidates' offer.
  let outgoing: Promise<void> = Promise.resolve()

  function signal(senal: Senal) {
    outgoing = outgoing.then(() => send(senal)).catch(onError)
  }

  function description(of: RTCPeerConnection): Senal {
    const local = of.localDescription
    if (local?.type !== 'offer' && local?.type !== 'answer') {
      throw new Error('No local description to send')
    }
    return { descripcion: { type: local.type, sdp: local.sdp } }
  }

  function addTracks(to: RTCPeerConnection, stream: MediaStream) {
    for (const track of stream.getTracks()) to.addTrack(track, stream)
  }

  function attach(pc: RTCPeerConnection) {
    pc.onnegotiationneeded = async () => {
      try {
        makingOffer = true
        await pc.setLocalDescription()
        // A connection replaced meanwhile says nothing more.
        if (pc === peer) signal(description(pc))
      } catch (error) {
        onError(error)
      } finally {
        makingOffer = false
      }
    }

    pc.onicecandidate = ({ candidate }) => {
      signal({ candidato: candidate ? toCandidate(candidate) : null })
    }

    pc.ontrack = ({ streams }) => {
      const [stream] = streams
      if (stream) options.onRemoteStream(stream)
    }

    pc.onsignalingstatechange = () => {
      if (pc.signalingState === 'stable' && pc.remoteDescription !== null) hasNegotiated = true
    }

    pc.onconnectionstatechange = () => {
      if (closed) return
      clearTimeout(graceTimer)
      switch (pc.connectionState) {
        case 'connected':
          clearTimeout(giveUpTimer)
          giveUpTimer = undefined
          onState('conectada')
          break
        case 'disconnected':
          // Often back by itself within a moment (a Wi-Fi blip); otherwise, a new path is found.
          awaitConnection()
          onState('reconectando')
          graceTimer = setTimeout(() => {
            if (pc.connectionState === 'disconnected') pc.restartIce()
          }, DISCONNECTED_GRACE_MS)
          break
        case 'failed':
          awaitConnection()
          onState('reconectando')
          pc.restartIce()
          break
        default:
          break
      }
    }
  }

  function detach(pc: RTCPeerConnection) {
    pc.onnegotiationneeded = null
    pc.onicecandidate = null
    pc.ontrack = null
    pc.onsignalingstatechange = null
    pc.onconnectionstatechange = null
    pc.close()
  }

  /**
   * Yields a first offer by answering from a new connection instead of rolling it back: in
   * Chromium, rolling back a first offer can take the connection's candidate gathering with it
   * for good (when the other offer lands before the first relay candidate, even an ICE restart
   * gathers nothing), and through a relay nobody connects. The new connection takes the other
   * side's offer, then this side's tracks join its transceivers, so the answer sends and receives.
   */
  async function answerFromNewPeer(offer: RTCSessionDescriptionInit) {
    detach(peer)
    const fresh = newPeer()
    peer = fresh
    attach(fresh)
    await fresh.setRemoteDescription(offer)
    for (const stream of localStreams) addTracks(fresh, stream)
    await fresh.setLocalDescription()
    if (fresh === peer) signal(description(fresh))
  }

  attach(peer)
  onState('conectando')
  awaitConnection()

  return {
    addLocalStream(stream) {
      localStreams.push(stream)
      addTracks(peer, stream)
    },

    async receive(senal) {
      if (closed) return
      try {
        if ('descripcion' in senal) {
          const offered = senal.descripcion.type === 'offer'
          const collision = offered && (makingOffer || peer.signalingState !== 'stable')
          ignoreOffer = !polite && collision
          if (ignoreOffer) return
          if (collision && !hasNegotiated) {
            await answerFromNewPeer(senal.descripcion)
            return
          }
          const current = peer
          await current.setRemoteDescription(senal.descripcion)
          if (offered) {
            await current.setLocalDescription()
            signal(description(current))
            // The offer this side rolled back may have been its own ICE restart (its network
            // changed): it is made again now that the other offer is settled.
            if (collision) current.restartIce()
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
      clearTimeout(giveUpTimer)
      detach(peer)
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
