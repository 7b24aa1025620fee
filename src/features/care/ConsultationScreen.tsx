/**
 * One screen for both sides of a request (`/{tenant}/atencion-asistencia/{id}`): the waiting room
 * while it waits (position, honest estimate, "Cancelar solicitud"), which turns into the
 * consultation the moment a professional takes it, live; the conversation, with text and photos,
 * both ways; "Finalizar" with a summary for its professional. A request opened when already over
 * shows its record (read-only); one that ends while shown leads on (its patient to the thanks
 * screen, its professional home, a cancelled or expired one to the inactive-consultation screen).
 * A guest's session ends with the request: they go on to the thanks or inactive screen.
 */
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { ConfirmButton } from '../../components/ConfirmButton'
import { PhotoPicker } from '../../components/PhotoPicker'
import { paths } from '../../config/paths'
import {
  FOTO_TIPOS,
  MENSAJE_FIELD,
  MENSAJE_MAX_LENGTH,
  RESUMEN_FIELD,
  RESUMEN_MAX_LENGTH,
  type Asistencia,
  type Mensaje,
  type NuevoMensaje,
} from '../../contract/care'
import {
  atenderAsistencia,
  cancelarAsistencia,
  finalizarAsistencia,
  listMensajes,
  sendMensaje,
} from './care-api'
import { asistenciaQuery } from './care-queries'
import { freeTextMessage, readFreeText } from '../../contract/text'
import { describeCareError } from './care-errors'
import { olderMessagesCursor, usePageRequest, type PageRequest } from './paging'
import {
  addMensaje,
  describeEstimate,
  describeMinutes,
  faseOf,
  inactiveStateOf,
  minutesBetween,
} from './care-state'
import { AuthImage, ConsultationNotFound, LiveNotice, PendingMark, RetryAlert } from './CareParts'
import { newId } from './new-id'
import { factsOf, isParticipant, may, type Actor } from '../../contract/permissions'
import { CallLine, CallPanel } from './call/CallPanel'
import { WalkInCall } from './WalkInCall'
import { mergeConversation } from './call/call-lines'
import { useConsultationCall } from './call/use-consultation-call'
import { ReferralForm } from './ReferralForm'
import { RecordScreen } from './RecordScreen'
import { isUnsentFailure, keepMessage } from './outbox'
import { PhotoUploadList } from './photos/PhotoUploadList'
import { usePhotoUploads } from './photos/use-photo-uploads'
import { useIsOnline, useNow, usePendingIds, useLiveLoad } from './use-live'
import { useFollowNewest } from './follow-newest'
import { useIsNarrowScreen } from './use-narrow-screen'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface Props {
  tenant: string
  id: string
  rol: string
  /** The signed-in account's id: what it may do to the request depends on it. */
  userId?: number
  /**
   * A guest of immediate care: its session ends with the request, so the screen ends it on the
   * device too (`endGuestSession`) and leads on without asking the server again.
   */
  isGuest?: boolean
  endGuestSession?: () => Promise<void>
}

/** What the thanks screen receives from a guest's consultation that just ended. */
export interface GuestThanks {
  invitado: true
  asistencia: Asistencia
}

const noSessionToEnd = () => Promise.resolve()

export function ConsultationScreen({
  tenant,
  id,
  rol,
  userId,
  isGuest = false,
  endGuestSession = noSessionToEnd,
}: Props) {
  const navigate = useNavigate()
  const actor: Actor = { id: userId, rol, tenant }
  // The patient's side of the screen, for whoever asks for help.
  const isPatient = may(actor, 'solicitar')
  // An address no request can have: nothing to ask the server.
  const isPossibleId = UUID.test(id)
  const [mensajes, setMensajes] = useState<Mensaje[]>([])
  // Where the conversation's older page ends; null when its beginning is shown.
  const [olderPage, setOlderPage] = useState<string | null>(null)
  const older = usePageRequest()
  // Whether this screen saw it open: a request that ends while shown leads on; one opened when
  // already over goes to the inactive-consultation screen.
  const sawItOpen = useRef(false)
  // Opened when already over: the record is shown instead.
  const [isRecord, setIsRecord] = useState(false)

  const leave = useCallback(
    (asistencia: Asistencia) => {
      if (isGuest) {
        const state: GuestThanks = { invitado: true, asistencia }
        void endGuestSession().then(() =>
          navigate(
            asistencia.estado === 'finalizada'
              ? `${paths.screen(tenant, 'agradecimiento-final')}/${asistencia.id}`
              : `${paths.screen(tenant, 'error-consulta-inactiva')}?motivo=${asistencia.estado}`,
            {
              replace: true,
              state: asistencia.estado === 'finalizada' ? state : inactiveStateOf(asistencia),
            },
          ),
        )
        return
      }
      if (asistencia.estado === 'finalizada' && isPatient && sawItOpen.current) {
        void navigate(`${paths.screen(tenant, 'agradecimiento-final')}/${asistencia.id}`, {
          replace: true,
        })
        return
      }
      if (asistencia.estado === 'finalizada' && !isPatient && sawItOpen.current) {
        void navigate(paths.home(tenant, rol), { replace: true })
        return
      }
      if (!sawItOpen.current) {
        setIsRecord(true)
        return
      }
      void navigate(
        `${paths.screen(tenant, 'error-consulta-inactiva')}?motivo=${asistencia.estado}`,
        { replace: true, state: inactiveStateOf(asistencia) },
      )
    },
    [endGuestSession, isGuest, isPatient, navigate, rol, tenant],
  )

  const {
    data: loaded,
    setData: setAsistencia,
    error,
    isNotFound,
    reload,
  } = useLiveLoad(asistenciaQuery(id), {
    skip: !isPossibleId,
    onLoad: (asistencia, signal) => {
      if (faseOf(asistencia) === 'inactiva') {
        leave(asistencia)
        return
      }
      sawItOpen.current = true
      if (asistencia.estado === 'en_curso') {
        listMensajes(id, signal).then(
          (list) => {
            if (signal.aborted) return
            setMensajes((shown) => list.reduce(addMensaje, shown))
            older.reset()
            setOlderPage(olderMessagesCursor(list))
          },
          () => undefined,
        )
      }
    },
    // Taken just now: the conversation may already hold the professional's first words.
    reloadOn: (event): boolean =>
      event.tipo === 'asistencia' &&
      event.asistencia.id === id &&
      loaded?.estado === 'en_espera' &&
      event.asistencia.estado === 'en_curso',
    onEvent: (event) => {
      if (event.tipo === 'asistencia' && event.asistencia.id === id) show(event.asistencia)
      if (event.tipo === 'mensaje' && event.mensaje.asistencia_id === id) {
        setMensajes((shown) => addMensaje(shown, event.mensaje))
      }
    },
  })
  // One that is over is being left: it is never drawn.
  const asistencia = loaded !== null && faseOf(loaded) !== 'inactiva' ? loaded : null
  // Shown waiting: when it turns into the consultation, focus goes to what changed.
  const [hasShownWaiting, setHasShownWaiting] = useState(false)
  if (asistencia?.estado === 'en_espera' && !hasShownWaiting) setHasShownWaiting(true)

  /** A record as it is now (an event, an action's answer): shown while open, left once over. */
  const show = useCallback(
    (next: Asistencia) => {
      if (faseOf(next) === 'inactiva') {
        leave(next)
        return
      }
      sawItOpen.current = true
      setAsistencia(next)
    },
    [leave, setAsistencia],
  )

  if (isRecord) return <RecordScreen tenant={tenant} id={id} rol={rol} />
  if (!isPossibleId || isNotFound) {
    return <ConsultationNotFound homeLink={paths.home(tenant, rol)} />
  }
  if (error) return <RetryAlert message={error} onRetry={reload} />
  if (asistencia === null) return <p role="status">Cargando la consulta…</p>

  return (
    <div className="care-screen">
      <LiveNotice />
      {asistencia.estado === 'en_espera' ? (
        <WaitingRoom asistencia={asistencia} actor={actor} isPatient={isPatient} onChange={show} />
      ) : (
        <Consultation
          tenant={tenant}
          asistencia={asistencia}
          actor={actor}
          isPatient={isPatient}
          mensajes={mensajes}
          isJustTaken={hasShownWaiting}
          onMensaje={(mensaje) => {
            setMensajes((shown) => addMensaje(shown, mensaje))
          }}
          olderMessages={
            olderPage === null
              ? null
              : {
                  ...older,
                  load: () => {
                    older.request(
                      (signal) => listMensajes(id, signal, olderPage),
                      (page) => {
                        setMensajes((shown) => page.reduce(addMensaje, shown))
                        setOlderPage(olderMessagesCursor(page))
                      },
                    )
                  },
                }
          }
          onChange={show}
        />
      )}
    </div>
  )
}

function RequestSummary({ asistencia, isPatient }: { asistencia: Asistencia; isPatient: boolean }) {
  return (
    <dl className="care-summary">
      {!isPatient && (
        <div>
          <dt>Paciente</dt>
          <dd>{asistencia.paciente.nombre}</dd>
        </div>
      )}
      {!isPatient && asistencia.contacto !== undefined && (
        <div>
          <dt>Contacto</dt>
          <dd>{asistencia.contacto}</dd>
        </div>
      )}
      <div>
        <dt>Motivo</dt>
        <dd className="care-text">{asistencia.motivo}</dd>
      </div>
      <div>
        <dt>Especialidad</dt>
        <dd>{asistencia.especialidad ?? 'Cualquier profesional'}</dd>
      </div>
      {asistencia.derivacion && (
        <div>
          <dt>Derivada por</dt>
          <dd>{asistencia.derivacion.por.nombre}</dd>
        </div>
      )}
      {asistencia.derivacion?.nota && (
        <div>
          <dt>Nota de derivación</dt>
          <dd className="care-text">{asistencia.derivacion.nota}</dd>
        </div>
      )}
      {asistencia.derivacion?.resumen_origen && (
        <div>
          <dt>Resumen de la consulta de origen</dt>
          <dd className="care-text">{asistencia.derivacion.resumen_origen}</dd>
        </div>
      )}
      {asistencia.fotos.length > 0 && (
        <div>
          <dt>Fotos</dt>
          <dd>
            <ul className="care-photo-list">
              {asistencia.fotos.map((url, index) => (
                <li key={url}>
                  <AuthImage src={url} alt={`Foto ${index + 1} de la solicitud`} />
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  )
}

function WaitingRoom({
  asistencia,
  actor,
  isPatient,
  onChange,
}: {
  asistencia: Asistencia
  actor: Actor
  isPatient: boolean
  onChange: (asistencia: Asistencia) => void
}) {
  const now = useNow()
  const isOnline = useIsOnline()
  const [alert, setAlert] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const waited = describeMinutes(minutesBetween(asistencia.creada_en, now))

  async function run(action: () => Promise<Asistencia>) {
    setIsBusy(true)
    setAlert(null)
    try {
      onChange(await action())
    } catch (error) {
      setAlert(describeCareError(error))
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <>
      <h2>{isPatient ? 'Tu solicitud está en espera' : 'Solicitud en espera'}</h2>
      {isPatient && asistencia.espera && (
        <div className="care-wait">
          <p className="care-position">
            Posición en la cola: <strong>{asistencia.espera.posicion}</strong>
          </p>
          <p>{describeEstimate(asistencia.espera)}</p>
        </div>
      )}
      <p>
        Esperando desde hace {waited}. Esta pantalla cambiará sola cuando un profesional te atienda.
      </p>
      <RequestSummary asistencia={asistencia} isPatient={isPatient} />
      <div role="alert" className="form-alert">
        {alert}
      </div>
      {may(actor, 'cancelar', factsOf(asistencia), now) && (
        <ConfirmButton
          label="Cancelar solicitud"
          className="button-secondary"
          disabled={isBusy || !isOnline}
          title="¿Cancelar la solicitud?"
          confirmLabel="Sí, cancelar la solicitud"
          keepLabel="Seguir esperando"
          onConfirm={() => void run(() => cancelarAsistencia(asistencia.id))}
        >
          <p>
            Dejarás tu sitio en la cola. Si después vuelves a pedir asistencia, la nueva solicitud
            esperará desde el final.
          </p>
        </ConfirmButton>
      )}
      {may(actor, 'atender', factsOf(asistencia), now) && (
        <button
          type="button"
          className="button-primary"
          disabled={isBusy || !isOnline}
          onClick={() => void run(() => atenderAsistencia(asistencia.id))}
        >
          Atender
        </button>
      )}
      {!isOnline && <p className="field-hint">Sin conexión: esta acción necesita el servidor.</p>}
    </>
  )
}

function Consultation({
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

function MessageForm({
  tenant,
  asistenciaId,
  onMensaje,
}: {
  tenant: string
  asistenciaId: string
  onMensaje: (mensaje: Mensaje) => void
}) {
  const ids = useId()
  const isOnline = useIsOnline()
  const [texto, setTexto] = useState('')
  const photos = usePhotoUploads()
  const foto = photos.entries[0] ?? null
  const form = useRef<HTMLFormElement>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)

  /** Keeps the message (and its photo) in the outbox, shown as "Pendiente de envío". */
  async function keep(body: NuevoMensaje, photo?: Blob) {
    await keepMessage(tenant, asistenciaId, body, photo)
    onMensaje({
      id: body.id,
      asistencia_id: asistenciaId,
      autor: { id: 0, nombre: 'Tú', rol: 'pendiente' },
      texto: body.texto === '' ? 'Foto' : body.texto,
      foto: null,
      creado_en: new Date().toISOString(),
    })
    setTexto('')
    photos.clear()
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    // A photo may go alone; any text follows the one rule of free texts.
    const text = foto !== null && texto.trim() === '' ? '' : readFreeText(texto, MENSAJE_FIELD)
    if (text === null) {
      setAlert(freeTextMessage(MENSAJE_FIELD))
      return
    }
    setAlert(null)
    setIsSending(true)
    const body: NuevoMensaje = { id: newId(), texto: text }
    try {
      if (foto && !isOnline) {
        // Offline, the photo waits in the outbox with its message, and the next may be chosen.
        await keep(body, await photos.prepared(foto))
        return
      }
      if (foto) {
        // A photo that does not get through says so by itself, with "Reintentar".
        const [sent] = (await photos.sendAll(asistenciaId, [foto])) ?? []
        if (sent === undefined) return
        body.foto = sent
      }
      onMensaje(await sendMensaje(asistenciaId, body))
      setTexto('')
      photos.clear()
    } catch (error) {
      if (isUnsentFailure(error) && (foto === null || body.foto !== undefined)) {
        await keep(body).catch(() => {
          setAlert(describeCareError(error))
        })
      } else {
        setAlert(describeCareError(error))
      }
    } finally {
      setIsSending(false)
    }
  }

  return (
    <form
      ref={form}
      className="care-form care-message-form"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <div className="field">
        <label htmlFor={`${ids}-mensaje`}>Mensaje</label>
        <textarea
          id={`${ids}-mensaje`}
          rows={3}
          value={texto}
          maxLength={MENSAJE_MAX_LENGTH}
          onChange={(event) => {
            setTexto(event.target.value)
          }}
        />
      </div>
      {foto ? (
        <PhotoUploadList
          entries={photos.entries}
          onRemove={isSending ? undefined : photos.remove}
          onRetry={() => form.current?.requestSubmit()}
        />
      ) : (
        <PhotoPicker
          accept={FOTO_TIPOS}
          chooseLabel="Adjuntar foto"
          onFiles={(files) => {
            photos.add(files.slice(0, 1))
          }}
        />
      )}
      <div role="alert" className="form-alert">
        {alert}
      </div>
      <button type="submit" className="button-primary" disabled={isSending}>
        Enviar
      </button>
    </form>
  )
}

function FinishForm({
  asistencia,
  onChange,
}: {
  asistencia: Asistencia
  onChange: (asistencia: Asistencia) => void
}) {
  const ids = useId()
  const isOnline = useIsOnline()
  const [resumen, setResumen] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const text = readFreeText(resumen, RESUMEN_FIELD)
    if (text === null) {
      setError(freeTextMessage(RESUMEN_FIELD))
      return
    }
    setError(null)
    setIsSending(true)
    try {
      onChange(await finalizarAsistencia(asistencia.id, text))
    } catch (failure) {
      setError(describeCareError(failure))
      setIsSending(false)
    }
  }

  return (
    <form className="care-form care-finish" noValidate onSubmit={(event) => void submit(event)}>
      <h3>Finalizar la consulta</h3>
      <div className="field">
        <label htmlFor={`${ids}-resumen`}>Resumen</label>
        <textarea
          id={`${ids}-resumen`}
          rows={4}
          value={resumen}
          maxLength={RESUMEN_MAX_LENGTH}
          aria-invalid={error !== null}
          onChange={(event) => {
            setResumen(event.target.value)
          }}
        />
      </div>
      <div role="alert" className="form-alert">
        {error}
      </div>
      <button type="submit" className="button-primary" disabled={isSending || !isOnline}>
        Finalizar
      </button>
      {!isOnline && (
        <p className="field-hint">
          Sin conexión: para finalizar hace falta conexión con el servidor.
        </p>
      )}
    </form>
  )
}
