import { afterEach, describe, expect, it } from 'vitest'
import type { Senal } from '../../../contract/calls'
import { createCallLink } from './call-link'
import { FakePeer } from '../testing/fake-peer'

const STREAM = {
  getTracks: () => [{ kind: 'audio' }, { kind: 'video' }],
} as unknown as MediaStream

// Nothing here is expected to fail: every error a link reports fails its test.
const errors: unknown[] = []
afterEach(() => {
  expect(errors.splice(0)).toEqual([])
})

function setUp() {
  const peers: FakePeer[] = []
  const sent: Senal[] = []
  let ids = 0
  const link = createCallLink({
    polite: true,
    configuration: {},
    stream: STREAM,
    send: (senal) => {
      sent.push(senal)
      return Promise.resolve()
    },
    onRemoteStream: () => undefined,
    onState: () => undefined,
    onError: (error) => {
      errors.push(error)
    },
    createPeer: () => {
      const peer = new FakePeer()
      peers.push(peer)
      return peer as unknown as RTCPeerConnection
    },
    newConnectionId: () => `local-${String((ids += 1))}`,
  })
  return { link, peers, sent }
}

const offer = (conexion: string, para: string | null = null): Senal => ({
  descripcion: { type: 'offer', sdp: `offer of ${conexion}` },
  conexion,
  para,
})
const candidate = (conexion: string, para: string | null): Senal => ({
  candidato: { candidate: `candidate of ${conexion}`, sdpMid: '0', sdpMLineIndex: 0 },
  conexion,
  para,
})

/** Lets the queued sends run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a call link', () => {
  it('names its connection and the other side’s on every signal', async () => {
    const { link, sent } = setUp()
    await link.receive(offer('remote-1'))
    await settle()
    expect(sent.at(-1)).toMatchObject({
      descripcion: { type: 'answer' },
      conexion: 'local-1',
      para: 'remote-1',
    })
  })

  it('starts afresh when the other side comes back with a new connection (a reload)', async () => {
    const { link, peers, sent } = setUp()
    await link.receive(offer('remote-1'))
    await link.receive(offer('remote-2'))
    await settle()
    expect(peers).toHaveLength(2)
    expect(peers[0]?.closed).toBe(true)
    // The new connection answers the new offer, then adds this side's tracks to it.
    expect(peers[1]?.remote).toEqual([{ type: 'offer', sdp: 'offer of remote-2' }])
    expect(peers[1]?.tracks).toBe(2)
    expect(sent.at(-1)).toMatchObject({ conexion: 'local-2', para: 'remote-2' })
  })

  it('drops what comes from, or is meant for, a connection that is gone', async () => {
    const { link, peers } = setUp()
    await link.receive(offer('remote-1'))
    await link.receive(offer('remote-2'))
    // A late candidate of the old pair, and the old connection's ICE restart.
    await link.receive(candidate('remote-1', 'local-1'))
    await link.receive(offer('remote-1', 'local-1'))
    // Meant for this side's old connection, from the new one.
    await link.receive(candidate('remote-2', 'local-1'))
    expect(peers[1]?.candidates).toEqual([])
    expect(peers[1]?.remote).toHaveLength(1)
    await link.receive(candidate('remote-2', 'local-2'))
    expect(peers[1]?.candidates).toHaveLength(1)
  })

  it('takes nothing but an offer as the start of a new pair', async () => {
    const { link, peers } = setUp()
    await link.receive(offer('remote-1'))
    await link.receive(candidate('remote-9', null))
    expect(peers).toHaveLength(1)
    expect(peers[0]?.candidates).toEqual([])
  })

  it('says nothing more once closed', async () => {
    const { link, peers, sent } = setUp()
    link.close()
    await link.receive(offer('remote-1'))
    await settle()
    expect(peers[0]?.closed).toBe(true)
    expect(peers[0]?.remote).toEqual([])
    expect(
      sent.filter((senal) => 'descripcion' in senal && senal.descripcion.type === 'answer'),
    ).toEqual([])
  })
})
