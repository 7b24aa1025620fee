/**
 * A consultation's calls as its screen uses them: the calls so far (their lines in the
 * conversation), the one ringing or running, this side's camera and microphone, the connection
 * and its state. State changes come from the live stream (`llamada`), so a reload or the other
 * instance learns them; signals (`senal`) feed the connection in the order they arrive. A page
 * reloaded mid-call rejoins it. Leaving the screen or signing out hangs up at once, and a
 * connection that cannot be restored ends the call as `fallo_conexion`.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  LLAMADA_TONO_MS,
  type ConfiguracionIce,
  type LadoLlamada,
  type Llamada,
  type Senal,
} from '../../../contract/calls'
import type { Asistencia } from '../../../contract/care'
import { ApiError } from '../../../lib/api-errors'
import { onSessionEnding } from '../../../lib/session-ending'
import { readValue } from '../../../lib/storage'
import { describeCareError } from '../api/care-errors'
import { newId } from '../api/new-id'
import { useCareEvents } from '../live/use-live'
import {
  aceptarLlamada,
  colgarLlamada,
  listLlamadas,
  rechazarLlamada,
  readIceConfiguration,
  sendSenal,
  startLlamada,
} from './call-api'
import { createCallLink, type CallLink } from './call-link'
import { watchVideoBandwidth } from './bandwidth-watch'
import { captureCallMedia, CallMediaError, SLOW_VIDEO_NOTICE, type CallMedia } from './call-media'
import type { CallLinkState } from './peer-connection'
import { notifyIncomingCall, startRingTone } from './ring-alert'

export interface ConsultationCall {
  /** Whether calls are offered here (its participants, a remote consultation en curso). */
  isOffered: boolean
  /** Every call of the consultation, oldest first. */
  llamadas: Llamada[]
  /** The call ringing or running, if any. */
  active: Llamada | null
  side: LadoLlamada
  /** Ringing here: the other side calls. */
  isIncoming: boolean
  media: CallMedia | null
  remoteStream: MediaStream | null
  link: CallLinkState | null
  /** What happened last, said once: "Sin respuesta", "La llamada ha terminado"… */
  caption: string | null
  /** A problem to show (media refused, an action failed). */
  alert: string | null
  /** False when no relay is configured: calls may fail on some networks. Null until known. */
  hasRelay: boolean | null
  isBusy: boolean
  isMuted: boolean
  isCameraOff: boolean
  /** A reloaded page whose media could not start by itself waits for a press to rejoin. */
  needsRejoin: boolean
  start: (video: boolean) => void
  accept: () => void
  reject: () => void
  hangUp: () => void
  rejoin: () => void
  toggleMicrophone: () => void
  toggleCamera: () => void
  /** The current connection's statistics (for "Información técnica" and tests). */
  getStats: () => Promise<RTCStatsReport | null>
}

function upsert(list: Llamada[], llamada: Llamada): Llamada[] {
  const index = list.findIndex((entry) => entry.id === llamada.id)
  if (index === -1) return [...list, llamada]
  return list.map((entry, at) => (at === index ? llamada : entry))
}

export function endCaption(llamada: Llamada, side: LadoLlamada): string {
  switch (llamada.motivo_fin) {
    case 'sin_respuesta':
      return llamada.iniciada_por === side ? 'Sin respuesta' : 'Llamada perdida'
    case 'rechazada':
      return 'Llamada rechazada'
    case 'consulta_finalizada':
      return 'La llamada ha terminado: la consulta ha finalizado'
    case 'fallo_conexion':
      return 'La llamada ha terminado: no se pudo recuperar la conexión'
    case 'duracion_maxima':
      return 'La llamada ha terminado: ha llegado a su duración máxima'
    case 'sesion_terminada':
      return 'La llamada ha terminado: se ha cerrado la sesión de uno de los participantes'
    default:
      return 'La llamada ha terminado'
  }
}

function stopMedia(media: CallMedia | null) {
  for (const track of media?.stream.getTracks() ?? []) track.stop()
}

export function useConsultationCall(
  asistencia: Asistencia,
  { isParticipant, isPatient }: { isParticipant: boolean; isPatient: boolean },
): ConsultationCall {
  const asistenciaId = asistencia.id
  const isOffered =
    isParticipant && asistencia.estado === 'en_curso' && asistencia.origen !== 'presencial'
  const side: LadoLlamada = isPatient ? 'paciente' : 'profesional'
  const [llamadas, setLlamadas] = useState<Llamada[]>([])
  const [media, setMedia] = useState<CallMedia | null>(null)
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null)
  const [link, setLink] = useState<CallLinkState | null>(null)
  const [caption, setCaption] = useState<string | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [ice, setIce] = useState<ConfiguracionIce | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [isMuted, setIsMuted] = useState(false)
  const [isCameraOff, setIsCameraOff] = useState(false)
  const [needsRejoin, setNeedsRejoin] = useState(false)
  const [expiredRing, setExpiredRing] = useState<string | null>(null)

  const active = llamadas.find((llamada) => llamada.estado !== 'terminada') ?? null
  const isVideoCall = active?.video === true
  const isIncoming =
    active?.estado === 'sonando' && active.iniciada_por !== side && expiredRing !== active.id
  const linkRef = useRef<{ callId: string; link: CallLink } | null>(null)
  const mediaRef = useRef<CallMedia | null>(null)
  const pendingSignals = useRef<{ callId: string; senal: Senal }[]>([])
  const receiving = useRef<Promise<void>>(Promise.resolve())
  const rejoinTried = useRef<string | null>(null)

  const load = useCallback(
    (signal?: AbortSignal) =>
      listLlamadas(asistenciaId, signal).then(
        (list) => {
          if (!signal?.aborted) setLlamadas(list)
        },
        () => undefined,
      ),
    [asistenciaId],
  )

  const loadIce = useCallback(async () => {
    const expires = ice?.caduca_en ? Date.parse(ice.caduca_en) : Infinity
    if (ice && expires - Date.now() > 5 * 60_000) return ice
    const fresh = await readIceConfiguration()
    setIce(fresh)
    return fresh
  }, [ice])

  useEffect(() => {
    if (!isOffered) return
    const controller = new AbortController()
    void load(controller.signal)
    readIceConfiguration(controller.signal).then(
      (answer) => {
        setIce(answer)
      },
      () => undefined,
    )
    return () => {
      controller.abort()
    }
  }, [isOffered, load])

  useCareEvents((event) => {
    if (event.tipo === 'reinicio') void load()
    if (event.tipo === 'llamada' && event.llamada.asistencia_id === asistenciaId) {
      setLlamadas((list) => upsert(list, event.llamada))
    }
    if (event.tipo === 'senal') {
      const { llamada_id: callId, senal } = event.senal
      const current = linkRef.current
      if (current?.callId === callId) {
        receiving.current = receiving.current.then(() => current.link.receive(senal))
      } else {
        // The connection is not open yet (media or relay still on their way): kept for it.
        pendingSignals.current = [
          ...pendingSignals.current.filter((pending) => pending.callId === callId),
          { callId, senal },
        ]
      }
    }
  })

  const releaseMedia = useCallback(() => {
    stopMedia(mediaRef.current)
    mediaRef.current = null
    setMedia(null)
    setIsMuted(false)
    setIsCameraOff(false)
  }, [])

  const keepMedia = useCallback((captured: CallMedia) => {
    stopMedia(mediaRef.current)
    mediaRef.current = captured
    setMedia(captured)
  }, [])

  // Everything of a call ends with it (and with the screen): the connection, the camera, the ring.
  const activeId = active?.id ?? null
  const lastActive = useRef<Llamada | null>(null)
  useEffect(() => {
    if (active) {
      lastActive.current = active
      return
    }
    const ended = lastActive.current
    if (ended === null) return
    lastActive.current = null
    linkRef.current?.link.close()
    linkRef.current = null
    pendingSignals.current = []
    setLink(null)
    setRemoteStream(null)
    setNeedsRejoin(false)
    releaseMedia()
    const final = llamadas.find((llamada) => llamada.id === ended.id)
    if (final) setCaption(endCaption(final, side))
  }, [active, activeId, llamadas, releaseMedia, side])

  // Leaving the screen (another screen, signing out) hangs up at once: the other person is told
  // now, not when their connection gives up. A reload never gets here (the page just goes) and
  // rejoins; sign-out hangs up before the token goes, and nothing is sent without one.
  const activeRef = useRef<Llamada | null>(null)
  const offeredActive = isOffered ? active : null
  useEffect(() => {
    activeRef.current = offeredActive
  }, [offeredActive])
  useEffect(() => {
    const leave = () => {
      const current = activeRef.current
      activeRef.current = null
      if (current === null || readValue('token') === null) return
      colgarLlamada(asistenciaId, current.id).catch(() => undefined)
    }
    const stopListening = onSessionEnding(leave)
    return () => {
      stopListening()
      leave()
      linkRef.current?.link.close()
      linkRef.current = null
      stopMedia(mediaRef.current)
      mediaRef.current = null
    }
  }, [asistenciaId])

  // A running call with this side's media and the relay's address: the connection opens.
  const isRunning = active?.estado === 'en_curso'
  useEffect(() => {
    if (!isRunning || activeId === null || media === null || ice === null) return
    if (linkRef.current?.callId === activeId) return
    linkRef.current?.link.close()
    const created = createCallLink({
      polite: isPatient,
      configuration: { iceServers: ice.iceServers },
      stream: media.stream,
      send: (senal) => sendSenal(asistenciaId, activeId, senal),
      onRemoteStream: setRemoteStream,
      onState: (state) => {
        setLink(state)
        if (state !== 'fallida') return
        // Down past every reconnect attempt: the call ends, for both sides, with why.
        colgarLlamada(asistenciaId, activeId, { motivo: 'fallo_conexion' }).then(
          (llamada) => {
            setLlamadas((list) => upsert(list, llamada))
          },
          () => undefined,
        )
      },
      // A candidate of a superseded negotiation, a signal the call outlived: nothing to tell.
      onError: () => undefined,
    })
    linkRef.current = { callId: activeId, link: created }
    const queued = pendingSignals.current.filter((pending) => pending.callId === activeId)
    pendingSignals.current = []
    for (const { senal } of queued) {
      receiving.current = receiving.current.then(() => created.receive(senal))
    }
  }, [asistenciaId, activeId, ice, isPatient, isRunning, media])

  // Video the network cannot carry: the camera stops, the call goes on as voice, and says so.
  const hasLink = link !== null
  const sendsVideo = media?.hasVideo === true
  useEffect(() => {
    if (!isRunning || !hasLink || !sendsVideo) return
    return watchVideoBandwidth({
      getStats: async () => (linkRef.current ? linkRef.current.link.getStats() : null),
      onTooSlow: () => {
        const current = mediaRef.current
        if (!current) return
        for (const track of current.stream.getVideoTracks()) track.stop()
        const voice: CallMedia = { ...current, hasVideo: false, notice: SLOW_VIDEO_NOTICE }
        mediaRef.current = voice
        setMedia(voice)
        setIsCameraOff(false)
        setAlert(SLOW_VIDEO_NOTICE)
      },
    })
  }, [hasLink, isRunning, sendsVideo])

  // A page that finds its call running (a reload) takes its media again and rejoins.
  useEffect(() => {
    if (!isRunning || activeId === null || mediaRef.current !== null || isBusy) return
    if (rejoinTried.current === activeId) return
    rejoinTried.current = activeId
    captureCallMedia(isVideoCall).then(
      (captured) => {
        keepMedia(captured)
        setAlert(captured.notice)
      },
      () => {
        // Some browsers start media only from a press: the screen offers one.
        setNeedsRejoin(true)
      },
    )
  }, [activeId, isBusy, isRunning, isVideoCall, keepMedia])

  // Ringing here: a tone, a notification on a hidden tab, and an end after LLAMADA_TONO_MS.
  useEffect(() => {
    if (!isIncoming || activeId === null) return
    const stopTone = startRingTone()
    const closeNotice = notifyIncomingCall(isVideoCall)
    const timer = setTimeout(() => {
      setExpiredRing(activeId)
    }, LLAMADA_TONO_MS)
    return () => {
      stopTone()
      closeNotice()
      clearTimeout(timer)
    }
  }, [activeId, isIncoming, isVideoCall])

  // Calling out: after LLAMADA_TONO_MS the caller asks the server, which ends it as unanswered.
  const isOutgoing = active?.estado === 'sonando' && active.iniciada_por === side
  useEffect(() => {
    if (!isOutgoing || activeId === null) return
    const timer = setTimeout(() => {
      colgarLlamada(asistenciaId, activeId).then(
        (llamada) => {
          setLlamadas((list) => upsert(list, llamada))
        },
        () => undefined,
      )
    }, LLAMADA_TONO_MS + 1_000)
    return () => {
      clearTimeout(timer)
    }
  }, [asistenciaId, activeId, isOutgoing])

  async function run(action: () => Promise<void>) {
    setIsBusy(true)
    setAlert(null)
    setCaption(null)
    try {
      await action()
    } catch (error) {
      setAlert(error instanceof CallMediaError ? error.message : describeCareError(error))
    } finally {
      setIsBusy(false)
    }
  }

  const start = (video: boolean) => {
    void run(async () => {
      // Media from the press itself (iOS), before anything else is awaited.
      const captured = await captureCallMedia(video)
      keepMedia(captured)
      try {
        await loadIce()
        const llamada = await startLlamada(asistenciaId, { id: newId(), video })
        setLlamadas((list) => upsert(list, llamada))
        setAlert(captured.notice)
      } catch (error) {
        if (error instanceof ApiError && error.code === 'llamada_activa') {
          // Both pressed at once: the other call is the one; answer it with the media just taken.
          const list = await listLlamadas(asistenciaId)
          setLlamadas(list)
          const ringing = list.find(
            (llamada) => llamada.estado === 'sonando' && llamada.iniciada_por !== side,
          )
          if (ringing) {
            rejoinTried.current = ringing.id
            setLlamadas(upsert(list, await aceptarLlamada(asistenciaId, ringing.id)))
            return
          }
        }
        releaseMedia()
        throw error
      }
    })
  }

  const accept = () => {
    if (!active) return
    const callId = active.id
    void run(async () => {
      const captured = await captureCallMedia(active.video)
      keepMedia(captured)
      rejoinTried.current = callId
      try {
        await loadIce()
        const llamada = await aceptarLlamada(asistenciaId, callId)
        setLlamadas((list) => upsert(list, llamada))
        setAlert(captured.notice)
      } catch (error) {
        releaseMedia()
        throw error
      }
    })
  }

  const reject = () => {
    if (!active) return
    const callId = active.id
    void run(async () => {
      const llamada = await rechazarLlamada(asistenciaId, callId)
      setLlamadas((list) => upsert(list, llamada))
    })
  }

  const hangUp = () => {
    if (!active) return
    const callId = active.id
    void run(async () => {
      const llamada = await colgarLlamada(asistenciaId, callId)
      setLlamadas((list) => upsert(list, llamada))
    })
  }

  const rejoin = () => {
    if (!active) return
    const video = active.video
    void run(async () => {
      const captured = await captureCallMedia(video)
      keepMedia(captured)
      setNeedsRejoin(false)
      setAlert(captured.notice)
    })
  }

  const toggleMicrophone = () => {
    const next = !isMuted
    for (const track of media?.stream.getAudioTracks() ?? []) track.enabled = !next
    setIsMuted(next)
  }

  const toggleCamera = () => {
    const next = !isCameraOff
    for (const track of media?.stream.getVideoTracks() ?? []) track.enabled = !next
    setIsCameraOff(next)
  }

  return {
    isOffered,
    llamadas,
    active: isOffered ? active : null,
    side,
    isIncoming: isOffered && isIncoming,
    media,
    remoteStream,
    link,
    caption,
    alert,
    hasRelay: ice?.relay ?? null,
    isBusy,
    isMuted,
    isCameraOff,
    needsRejoin,
    start,
    accept,
    reject,
    hangUp,
    rejoin,
    toggleMicrophone,
    toggleCamera,
    getStats: async () => (linkRef.current ? linkRef.current.link.getStats() : null),
  }
}
