import { afterEach, describe, expect, it, vi } from 'vitest'
import { LLAMADA_RECONEXION_MS, type Senal } from '../../../contract/calls'
import { createPeerConnection, type CallLinkState } from './peer-connection'
import { FakePeer } from '../testing/fake-peer'

function setUp(polite: boolean) {
  // Every connection made, the first one first.
  const peer = new FakePeer()
  const peers = [peer]
  let made = 0
  const sent: Senal[] = []
  const states: CallLinkState[] = []
  const errors: unknown[] = []
  const connection = createPeerConnection({
    polite,
    configuration: {},
    send: (senal) => {
      sent.push(senal)
      return Promise.resolve()
    },
    onRemoteStream: vi.fn(),
    onState: (state) => states.push(state),
    onError: (error) => errors.push(error),
    createPeer: () => {
      made += 1
      if (made > 1) peers.push(new FakePeer())
      return peers.at(-1) as unknown as RTCPeerConnection
    },
  })
  return { peer, peers, sent, states, errors, connection }
}

const offer: Senal = { descripcion: { type: 'offer', sdp: 'their offer' } }

afterEach(() => {
  vi.useRealTimers()
})

describe('a call connection', () => {
  it('offers when it has something to send, and answers an offer', async () => {
    const { peer, sent } = setUp(true)
    await peer.onnegotiationneeded?.()
    await vi.waitFor(() => {
      expect(sent).toEqual([{ descripcion: { type: 'offer', sdp: 'offer sdp' } }])
    })
    const other = setUp(false)
    await other.connection.receive(offer)
    await vi.waitFor(() => {
      expect(other.sent).toEqual([{ descripcion: { type: 'answer', sdp: 'answer sdp' } }])
    })
  })

  it('settles both offering at once by roles: the impolite side keeps its offer', async () => {
    const impolite = setUp(false)
    await impolite.peer.onnegotiationneeded?.()
    await impolite.connection.receive(offer)
    expect(impolite.peer.remote).toEqual([])
    // The candidates of the offer it ignored fail quietly.
    await impolite.connection.receive({
      candidato: { candidate: 'broken', sdpMid: '0', sdpMLineIndex: 0 },
    })
    expect(impolite.errors).toEqual([])

    // The polite side yields its first offer by answering from a new connection, its tracks
    // on it: rolling a first offer back can leave a browser gathering no candidates.
    const polite = setUp(true)
    const track = { kind: 'video' }
    polite.connection.addLocalStream({ getTracks: () => [track] } as unknown as MediaStream)
    await polite.peer.onnegotiationneeded?.()
    await polite.connection.receive(offer)
    expect(polite.peers).toHaveLength(2)
    const [first, fresh] = polite.peers
    expect(first?.closed).toBe(true)
    expect(first?.remote).toEqual([])
    expect(fresh?.remote).toEqual([offer.descripcion])
    expect(fresh?.addTrack).toHaveBeenCalledWith(track, expect.anything())
    await vi.waitFor(() => {
      expect(polite.sent.at(-1)).toEqual({ descripcion: { type: 'answer', sdp: 'answer sdp' } })
    })
    expect(polite.errors).toEqual([])
  })

  it('rolls back a later offer that collides, then makes it again', async () => {
    const polite = setUp(true)
    await polite.connection.receive(offer)
    expect(polite.peer.restarts).toBe(0)
    // Negotiated once; its own renegotiation (an ICE restart) meets the other side's.
    await polite.peer.onnegotiationneeded?.()
    await polite.connection.receive(offer)
    expect(polite.peers).toHaveLength(1)
    expect(polite.peer.remote).toEqual([offer.descripcion, offer.descripcion])
    expect(polite.peer.restarts).toBe(1)
  })

  it('passes candidates both ways, the end of gathering included', async () => {
    const { peer, sent, connection } = setUp(true)
    const candidate = {
      candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    }
    peer.onicecandidate?.({
      candidate: { toJSON: () => ({ ...candidate, usernameFragment: 'u' }) } as RTCIceCandidate,
    })
    peer.onicecandidate?.({ candidate: null })
    await vi.waitFor(() => {
      expect(sent).toEqual([
        { candidato: { ...candidate, usernameFragment: 'u' } },
        { candidato: null },
      ])
    })
    await connection.receive({ candidato: candidate })
    expect(peer.candidates).toEqual([candidate])
  })

  it('restarts ICE when the connection fails, or stays down past a moment', () => {
    vi.useFakeTimers()
    const { peer, states } = setUp(true)
    peer.becomes('connected')
    peer.becomes('failed')
    expect(peer.restarts).toBe(1)
    peer.becomes('disconnected')
    vi.advanceTimersByTime(1_000)
    expect(peer.restarts).toBe(1)
    vi.advanceTimersByTime(1_500)
    expect(peer.restarts).toBe(2)
    peer.becomes('connected')
    expect(states).toEqual(['conectando', 'conectada', 'reconectando', 'reconectando', 'conectada'])
  })

  it('gives up when the connection stays down past every reconnect attempt', () => {
    vi.useFakeTimers()
    const { peer, states } = setUp(true)
    peer.becomes('connected')
    peer.becomes('disconnected')
    vi.advanceTimersByTime(LLAMADA_RECONEXION_MS - 1_000)
    // Back in time: the next drop has the whole time again.
    peer.becomes('connected')
    peer.becomes('failed')
    vi.advanceTimersByTime(LLAMADA_RECONEXION_MS - 1_000)
    expect(states.at(-1)).toBe('reconectando')
    vi.advanceTimersByTime(1_000)
    expect(states.at(-1)).toBe('fallida')
    expect(peer.restarts).toBeGreaterThanOrEqual(2)
  })

  it('gives up on a connection that never connects, but not once closed', () => {
    vi.useFakeTimers()
    const never = setUp(false)
    vi.advanceTimersByTime(LLAMADA_RECONEXION_MS)
    expect(never.states).toEqual(['conectando', 'fallida'])
    const closed = setUp(false)
    closed.connection.close()
    vi.advanceTimersByTime(LLAMADA_RECONEXION_MS)
    expect(closed.states).toEqual(['conectando'])
  })

  it('does nothing more once closed', async () => {
    const { peer, connection, sent } = setUp(true)
    connection.close()
    expect(peer.closed).toBe(true)
    await connection.receive(offer)
    expect(peer.remote).toEqual([])
    expect(sent).toEqual([])
  })
})
