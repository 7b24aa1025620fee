/**
 * A consultation under way: who attends, the request's details (folded on a phone, below the
 * conversation), the call (or, for a walk-in, its ticket to call), the conversation or clinical
 * notes that follow their newest line, and the professional's referral and closing forms.
 */
import { useEffect, useRef, useState } from 'react'
import type { Asistencia, Mensaje } from '../../../../contract/care'
import { factsOf, isParticipant, may, type Actor } from '../../../../contract/permissions'
import { CallLine, CallPanel } from '../../call/CallPanel'
import { mergeConversation } from '../../call/call-lines'
import { useConsultationCall } from '../../call/use-consultation-call'
import { AuthImage, PendingMark } from '../CareParts'
import { useFollowNewest } from './follow-newest'
import type { PageRequest } from '../../api/paging'
import { ReferralForm } from '../ReferralForm'
import { usePendingIds } from '../../live/use-live'
import { useIsNarrowScreen } from './use-narrow-screen'
import { WalkInCall } from '../WalkInCall'
import { FinishForm } from './ClosingForm'
import { MessageForm } from './MessageForm'
import { RequestSummary } from './RequestDetails'

export function Consultation({
  tenant,
  asistencia,
  actor,
  isPatient,
  mensajes,
  isJustTaken,
  onMensaje,
  olderMessages,
  onChange,
}: {
  tenant: string
  asistencia: Asistencia
  actor: Actor
  isPatient: boolean
  mensajes: Mensaje[]
  /** It was waiting on this screen a moment ago: its heading takes the focus, and is read out. */
  isJustTaken: boolean
  onMensaje: (mensaje: Mensaje) => void
  /** The conversation's earlier messages, not loaded yet; null when all are shown. */
  olderMessages: (Pick<PageRequest, 'isLoading' | 'error'> & { load: () => void }) | null
  onChange: (asistencia: Asistencia) => void
}) {
  const pending = usePendingIds()
  const facts = factsOf(asistencia)
  const call = useConsultationCall(asistencia, {
    isParticipant: isParticipant(actor, facts),
    isPatient,
  })
  const conversation = mergeConversation(mensajes, call.llamadas)
  // A walk-in has no device: called by its ticket, its record is the professional's notes.
  const walkInTicket = asistencia.origen === 'presencial' ? asistencia.ticket : null
  const last = conversation.at(-1)
  const { box, content, onScroll, hasUnseen, jump, follow } = useFollowNewest(
    last === undefined
      ? null
      : last.tipo === 'llamada'
        ? { key: last.llamada.id, isOwn: false }
        : {
            key: last.mensaje.id,
            // Written on another of the person's devices; what this one sends calls `follow`.
            isOwn: last.mensaje.autor.id === actor.id,
          },
  )
  const isNarrow = useIsNarrowScreen()
  // Open on a wide screen, folded on a phone, until the person opens or closes it.
  const [areDetailsOpen, setAreDetailsOpen] = useState(!isNarrow)
  const [detailsWidth, setDetailsWidth] = useState(isNarrow)
  if (detailsWidth !== isNarrow) {
    setDetailsWidth(isNarrow)
    setAreDetailsOpen(!isNarrow)
  }
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!isJustTaken || heading.current === null) return
    const active = document.activeElement
    // The waiting room and its controls are gone: unless the person is elsewhere (the header,
    // an alert's banner), "Te atiende …" is where they are now, and is read out.
    const isOnScreen =
      active === null ||
      active === document.body ||
      !active.isConnected ||
      (heading.current.closest('main')?.contains(active) === true &&
        active.closest('.care-alerts') === null)
    if (isOnScreen) heading.current.focus()
  }, [isJustTaken])
  const details = (
    <details
      className="care-details"
      open={areDetailsOpen}
      onToggle={(event) => {
        setAreDetailsOpen(event.currentTarget.open)
      }}
    >
      <summary>Detalles de la solicitud</summary>
      <RequestSummary asistencia={asistencia} isPatient={isPatient} />
    </details>
  )
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        {isPatient
          ? `Te atiende ${asistencia.profesional?.nombre ?? 'un profesional'}`
          : `Consulta con ${asistencia.paciente.nombre}`}
      </h2>
      {/* A phone shows the conversation first. The conversation keeps its place among the
          children either way, so a call in it goes on when the screen turns. */}
      {isNarrow ? null : details}
      <div
        className={
          call.active?.estado === 'en_curso' ? 'care-call-layout is-calling' : 'care-call-layout'
        }
      >
        {walkInTicket !== null ? (
          !isPatient && <WalkInCall asistenciaId={asistencia.id} ticket={walkInTicket} />
        ) : (
          <CallPanel
            call={call}
            otherName={
              isPatient
                ? (asistencia.profesional?.nombre ?? 'el profesional')
                : asistencia.paciente.nombre
            }
          />
        )}
        <section aria-labelledby="conversacion" className="care-conversation">
          <h3 id="conversacion">{walkInTicket !== null ? 'Notas clínicas' : 'Conversación'}</h3>
          {olderMessages && (
            <div className="care-more">
              <button
                type="button"
                className="button-secondary"
                disabled={olderMessages.isLoading}
                onClick={olderMessages.load}
              >
                {olderMessages.isLoading ? 'Cargando mensajes anteriores…' : 'Cargar anteriores'}
              </button>
              {olderMessages.error && (
                <p role="alert" className="field-error">
                  {olderMessages.error}
                </p>
              )}
            </div>
          )}
          {conversation.length === 0 ? (
            <p>{walkInTicket !== null ? 'Todavía no hay notas.' : 'Todavía no hay mensajes.'}</p>
          ) : (
            <div className="care-messages-frame">
              {/* A log: screen readers read each line added, never the whole conversation again. */}
              <div
                ref={box}
                role="log"
                aria-labelledby="conversacion"
                className="care-messages-box"
                tabIndex={0}
                onScroll={onScroll}
              >
                <ol ref={content} className="care-messages">
                  {conversation.map(({ tipo, llamada, mensaje }) =>
                    tipo === 'llamada' ? (
                      <CallLine key={llamada.id} llamada={llamada} />
                    ) : (
                      <li
                        key={mensaje.id}
                        className={
                          mensaje.autor.id === asistencia.paciente.id
                            ? 'care-message-patient'
                            : 'care-message-staff'
                        }
                      >
                        <p className="care-message-author">
                          {mensaje.autor.nombre}{' '}
                          <time dateTime={mensaje.creado_en}>
                            {new Date(mensaje.creado_en).toLocaleTimeString('es-ES', {
                              hour: '2-digit',
                              minute: '2-digit',
                            })}
                          </time>
                        </p>
                        {mensaje.texto !== '' && <p className="care-text">{mensaje.texto}</p>}
                        {mensaje.foto && (
                          <AuthImage src={mensaje.foto} alt={`Foto de ${mensaje.autor.nombre}`} />
                        )}
                        {pending.has(mensaje.id) && <PendingMark />}
                      </li>
                    ),
                  )}
                </ol>
              </div>
              {hasUnseen && (
                <button type="button" className="button-primary care-unseen" onClick={jump}>
                  Nuevos mensajes
                </button>
              )}
            </div>
          )}
          {may(actor, 'escribir', facts) && (
            <MessageForm
              tenant={tenant}
              asistenciaId={asistencia.id}
              onMensaje={(mensaje) => {
                follow()
                onMensaje(mensaje)
              }}
            />
          )}
        </section>
      </div>
      {isNarrow ? details : null}
      {may(actor, 'derivar', facts) && <ReferralForm asistencia={asistencia} />}
      {may(actor, 'finalizar', facts) && <FinishForm asistencia={asistencia} onChange={onChange} />}
    </>
  )
}
