/**
 * One screen for both sides of a request (`/{tenant}/atencion-asistencia/{id}`): the waiting room
 * while it waits (position, honest estimate, "Cancelar solicitud"), which turns into the
 * consultation the moment a professional takes it, live; the conversation, with text and photos,
 * both ways; "Finalizar" with a summary for its professional. A request opened when already over
 * shows its record (read-only); one that ends while shown leads on (its patient to the thanks
 * screen, its professional home, a cancelled or expired one to the inactive-consultation screen).
 * A guest's session ends with the request: they go on to the thanks or inactive screen.
 */
import { useCallback, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '../../../config/paths'
import type { Asistencia, Mensaje } from '../../../contract/care'
import { listMensajes } from '../api/care-api'
import { asistenciaQuery } from '../api/care-queries'
import { olderMessagesCursor, usePageRequest } from '../api/paging'
import { addMensaje, faseOf, inactiveStateOf } from '../state/care-state'
import { ConsultationNotFound, LiveNotice, RetryAlert } from './CareParts'
import { may, type Actor } from '../../../contract/permissions'
import { RecordScreen } from './RecordScreen'
import { useLiveLoad } from '../live/use-live'
import { Consultation } from './consultation/Conversation'
import { WaitingRoom } from './consultation/WaitingRoom'

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
