/**
 * The connection of one running call, across reloads: each peer connection this page opens has
 * its own id, and every signal names its sender's connection (`conexion`) and the receiver's as
 * the sender knows it (`para`). A page that reloads mid-call opens a new connection and offers
 * from it; the other side sees a connection it does not know, closes its own and answers from a
 * fresh one. Signals of, or for, connections that are gone are dropped: a stale ICE restart of
 * the old pair must never reach the new one.
 */
import type { Senal } from '../../../contract/calls'
import { newId } from '../api/new-id'
import {
  createPeerConnection,
  type CallLinkState,
  type PeerConnection,
  type PeerConnectionOptions,
} from './peer-connection'

export interface CallLinkOptions {
  polite: boolean
  configuration: RTCConfiguration
  /** This side's camera and microphone (or microphone alone). */
  stream: MediaStream
  send: (senal: Senal) => Promise<void>
  onRemoteStream: (stream: MediaStream) => void
  onState: (state: CallLinkState) => void
  onError: (error: unknown) => void
  /** For tests. */
  createPeer?: PeerConnectionOptions['createPeer']
  newConnectionId?: () => string
}

export interface CallLink {
  /** A signal from the other side, in the order the live stream delivered it. */
  receive(senal: Senal): Promise<void>
  getStats(): Promise<RTCStatsReport>
  close(): void
}

export function createCallLink(options: CallLinkOptions): CallLink {
  const { stream } = options
  const nextId = options.newConnectionId ?? newId
  let localId = nextId()
  let remoteId: string | null = null
  const retired = new Set<string>()
  let closed = false
  let peer = open(true)

  function open(withStream: boolean): PeerConnection {
    const ownId = localId
    const connection = createPeerConnection({
      polite: options.polite,
      configuration: options.configuration,
      // A connection that was replaced says nothing more: what it still had queued is stale.
      send: (senal) =>
        closed || ownId !== localId
          ? Promise.resolve()
          : options.send({ ...senal, conexion: ownId, para: remoteId }),
      onRemoteStream: options.onRemoteStream,
      onState: options.onState,
      onError: options.onError,
      createPeer: options.createPeer,
    })
    if (withStream) connection.addLocalStream(stream)
    return connection
  }

  return {
    async receive(senal) {
      if (closed) return
      const from = senal.conexion
      if (from !== undefined && retired.has(from)) return
      if (senal.para != null && senal.para !== localId) return
      if (from !== undefined && remoteId !== null && from !== remoteId) {
        // Only a new connection's offer starts a new pair; anything else from it is out of turn.
        if (!('descripcion' in senal) || senal.descripcion.type !== 'offer') return
        retired.add(remoteId)
        remoteId = from
        peer.close()
        localId = nextId()
        // The offer first, then the tracks: they join its transceivers, then renegotiate.
        peer = open(false)
        await peer.receive(senal)
        peer.addLocalStream(stream)
        return
      }
      if (from !== undefined) remoteId = from
      await peer.receive(senal)
    },
    getStats: () => peer.getStats(),
    close() {
      closed = true
      peer.close()
    },
  }
}
