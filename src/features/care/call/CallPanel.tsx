import './call.css'
/**
 * The call inside a consultation: "Videollamada" and "Llamada de voz" while none rings or runs;
 * the ringing ("Aceptar" / "Rechazar", announced to screen readers); during the call the other
 * person's video large and one's own small, "Silenciar micrófono", "Desactivar cámara",
 * "Colgar", and captions of the connection's state. The conversation stays beside it.
 */
import { useEffect, useRef, useState } from 'react'
import type { Llamada } from '../../../contract/calls'
import { describeCall } from '../../../contract/record'
import type { ConsultationCall } from './use-consultation-call'

export const NO_RELAY_NOTICE =
  'Este hospital no tiene servidor de retransmisión: las llamadas pueden fallar en algunas redes.'

const LINK_CAPTIONS = {
  conectando: 'Conectando…',
  conectada: 'Conectada',
  reconectando: 'Reconectando…',
  fallida: 'No se puede conectar',
} as const

export function CallPanel({ call, otherName }: { call: ConsultationCall; otherName: string }) {
  if (!call.isOffered) return null
  const { active } = call
  return (
    <section aria-labelledby="llamada-titulo" className="call-panel">
      <h3 id="llamada-titulo" className="visually-hidden">
        Llamada
      </h3>
      <div role="alert" className="call-alert">
        {call.isIncoming && active && (
          <p className="call-ringing">
            {active.video ? 'Videollamada' : 'Llamada de voz'} entrante de {otherName}
          </p>
        )}
      </div>
      <div role="status" className="call-caption">
        {active === null && call.caption !== null && <p>{call.caption}</p>}
        {active?.estado === 'sonando' && !call.isIncoming && active.iniciada_por === call.side && (
          <p>Llamando a {otherName}…</p>
        )}
        {active?.estado === 'en_curso' && call.link !== null && <p>{LINK_CAPTIONS[call.link]}</p>}
      </div>
      {call.alert !== null && <p className="form-alert">{call.alert}</p>}
      {call.hasRelay === false && <p className="field-hint">{NO_RELAY_NOTICE}</p>}
      {active === null && (
        <div className="call-actions">
          <button
            type="button"
            className="button-primary"
            disabled={call.isBusy}
            onClick={() => {
              call.start(true)
            }}
          >
            Videollamada
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={call.isBusy}
            onClick={() => {
              call.start(false)
            }}
          >
            Llamada de voz
          </button>
        </div>
      )}
      {call.isIncoming && (
        <div className="call-actions">
          <button
            type="button"
            className="button-primary"
            disabled={call.isBusy}
            onClick={call.accept}
          >
            Aceptar
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={call.isBusy}
            onClick={call.reject}
          >
            Rechazar
          </button>
        </div>
      )}
      {active?.estado === 'en_curso' && <CallStage call={call} otherName={otherName} />}
      {active !== null && !call.isIncoming && (
        <div className="call-actions">
          {active.estado === 'en_curso' && call.media !== null && (
            <>
              <button
                type="button"
                className="button-secondary"
                aria-pressed={call.isMuted}
                onClick={call.toggleMicrophone}
              >
                Silenciar micrófono
              </button>
              {call.media.hasVideo && (
                <button
                  type="button"
                  className="button-secondary"
                  aria-pressed={call.isCameraOff}
                  onClick={call.toggleCamera}
                >
                  Desactivar cámara
                </button>
              )}
            </>
          )}
          {call.needsRejoin && (
            <button type="button" className="button-primary" onClick={call.rejoin}>
              Volver a la llamada
            </button>
          )}
          <button
            type="button"
            className="button-secondary call-hangup"
            disabled={call.isBusy}
            onClick={call.hangUp}
          >
            Colgar
          </button>
        </div>
      )}
    </section>
  )
}

/** The other person large, oneself small (muted: one never hears oneself). */
function CallStage({ call, otherName }: { call: ConsultationCall; otherName: string }) {
  const remote = useRef<HTMLVideoElement>(null)
  const local = useRef<HTMLVideoElement>(null)
  const [needsPlay, setNeedsPlay] = useState(false)
  const isVideo = call.active?.video === true

  useEffect(() => {
    const element = remote.current
    if (!element) return
    element.srcObject = call.remoteStream
    if (call.remoteStream === null) return
    // A page reloaded mid-call may not play sound until a press (autoplay rules).
    element.play().then(
      () => {
        setNeedsPlay(false)
      },
      () => {
        setNeedsPlay(true)
      },
    )
  }, [call.remoteStream])

  useEffect(() => {
    const element = local.current
    if (element) element.srcObject = call.media?.stream ?? null
  }, [call.media])

  return (
    <div className={isVideo ? 'call-stage' : 'call-stage call-stage-voice'}>
      <video
        ref={remote}
        className="call-remote"
        autoPlay
        playsInline
        aria-label={`Vídeo de ${otherName}`}
      />
      {!isVideo && <p className="call-voice-name">Llamada de voz con {otherName}</p>}
      {isVideo && call.media?.hasVideo === true && (
        <video ref={local} className="call-self" autoPlay playsInline muted aria-label="Tu vídeo" />
      )}
      {needsPlay && (
        <button
          type="button"
          className="button-primary call-play"
          onClick={() => {
            void remote.current?.play().then(() => {
              setNeedsPlay(false)
            })
          }}
        >
          Activar el sonido
        </button>
      )}
    </div>
  )
}

/** A call's line in the conversation: what it was and how long, or that it was missed. */
export function CallLine({ llamada }: { llamada: Llamada }) {
  return (
    <li className="care-message-call">
      <p>
        {describeCall(llamada)}{' '}
        <time dateTime={llamada.creada_en}>
          {new Date(llamada.creada_en).toLocaleTimeString('es-ES', {
            hour: '2-digit',
            minute: '2-digit',
          })}
        </time>
      </p>
    </li>
  )
}
