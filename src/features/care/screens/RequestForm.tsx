import './care.css'
/**
 * "Solicitar asistencia": the reason, an optional specialty of those the hospital offers, up
 * to MAX_FOTOS_POR_ASISTENCIA photos. The id is chosen once per form, so sending again (a lost
 * answer, a double tap, the outbox) never creates a second request. Once the request exists its
 * photos go one by one, each showing its progress; the form leads to the waiting room when they
 * are all in, or stays with **Reintentar** by each photo that failed. Without a connection the
 * request waits in the outbox, its photos already shrunk, and is sent when the connection returns.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { Link } from '../../../components/Link'
import { PhotoPicker } from '../../../components/PhotoPicker'
import { paths } from '../../../config/paths'
import {
  ESPECIALIDAD_MAX_LENGTH,
  FOTO_TIPOS,
  MAX_FOTOS_POR_ASISTENCIA,
  MOTIVO_FIELD,
  MOTIVO_MAX_LENGTH,
  type NuevaAsistencia,
} from '../../../contract/care'
import { freeTextMessage, readFreeText } from '../../../contract/text'
import { ApiError } from '../../../lib/api-errors'
import { createAsistencia, listEspecialidades } from '../api/care-api'
import { describeCareError } from '../api/care-errors'
import { newId } from '../api/new-id'
import { isUnsentFailure, keepRequest } from '../outbox/outbox'
import { PhotoUploadList } from '../photos/PhotoUploadList'
import { usePhotoUploads } from '../photos/use-photo-uploads'

export function RequestForm({
  tenant,
  preselected,
  onTermsChanged,
}: {
  tenant: string
  preselected: string | null
  /**
   * The hospital's terms changed and must be accepted first (`409 terms_changed`); `resend` sends
   * this same request, as typed, once they are.
   */
  onTermsChanged: (resend: () => void) => void
}) {
  const navigate = useNavigate()
  const ids = useId()
  const [requestId] = useState(newId)
  const [motivo, setMotivo] = useState('')
  const [especialidad, setEspecialidad] = useState(
    preselected && preselected.length <= ESPECIALIDAD_MAX_LENGTH ? preselected : '',
  )
  const [specialties, setSpecialties] = useState<string[]>([])
  const photos = usePhotoUploads()
  const fotos = photos.entries
  // Set once the request exists: from then on only its photos are left to send.
  const [createdId, setCreatedId] = useState<string | null>(null)
  const [motivoError, setMotivoError] = useState<string | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)

  useEffect(() => {
    const stop = new AbortController()
    listEspecialidades(stop.signal).then(
      (offered) => {
        setSpecialties(offered)
      },
      () => {
        // Offline or unavailable: the specialty stays optional, any professional may attend.
      },
    )
    return () => {
      stop.abort()
    }
  }, [])

  const options =
    especialidad !== '' && !specialties.includes(especialidad)
      ? [especialidad, ...specialties]
      : specialties

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const text = readFreeText(motivo, MOTIVO_FIELD)
    if (text === null) {
      setMotivoError(freeTextMessage(MOTIVO_FIELD))
      document.getElementById(`${ids}-motivo`)?.focus()
      return
    }
    setMotivoError(null)
    await send({ id: requestId, motivo: text, ...(especialidad === '' ? {} : { especialidad }) })
  }

  const waitingRoom = (id: string) => `${paths.screen(tenant, 'atencion-asistencia')}/${id}`

  async function send(body: NuevaAsistencia) {
    setAlert(null)
    setIsSending(true)
    try {
      await createAsistencia(body)
    } catch (error) {
      if (isUnsentFailure(error)) {
        try {
          await keepRequest(tenant, body, await Promise.all(fotos.map(photos.prepared)))
          await navigate(`${paths.screen(tenant, 'cliente')}?pendiente=1`)
        } catch {
          setAlert(
            'No hay conexión y este dispositivo no puede guardar la solicitud. Inténtalo más tarde.',
          )
          setIsSending(false)
        }
        return
      }
      setIsSending(false)
      if (error instanceof ApiError && error.code === 'terms_changed') {
        onTermsChanged(() => void send(body))
        return
      }
      setAlert(describeCareError(error))
      return
    }
    setCreatedId(body.id)
    if ((await photos.sendAll(body.id, fotos)) !== null) {
      await navigate(waitingRoom(body.id))
      return
    }
    setIsSending(false)
  }

  async function retry(key: string) {
    if (createdId === null) return
    const entry = fotos.find((photo) => photo.key === key)
    if (entry === undefined || (await photos.sendOne(createdId, entry)) === null) return
    // The last one that was missing: on to the waiting room.
    const others = fotos.filter((photo) => photo.key !== key)
    if (others.every((photo) => photo.state.estado === 'enviada')) {
      await navigate(waitingRoom(createdId))
    }
  }

  function addFiles(list: readonly File[]) {
    const chosen = list.filter((file) => file.type.startsWith('image/'))
    const room = MAX_FOTOS_POR_ASISTENCIA - fotos.length
    if (chosen.length > room) {
      setAlert(`Puedes adjuntar como mucho ${MAX_FOTOS_POR_ASISTENCIA} fotos.`)
    }
    photos.add(chosen.slice(0, Math.max(0, room)))
  }

  return (
    <form className="care-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${ids}-motivo`}>Motivo</label>
        <p className="field-hint" id={`${ids}-motivo-hint`}>
          Cuéntanos qué te ocurre (obligatorio, hasta {MOTIVO_MAX_LENGTH} caracteres).
        </p>
        <textarea
          id={`${ids}-motivo`}
          rows={5}
          value={motivo}
          maxLength={MOTIVO_MAX_LENGTH}
          aria-invalid={motivoError !== null}
          aria-describedby={`${ids}-motivo-hint${motivoError ? ` ${ids}-motivo-error` : ''}`}
          onChange={(event) => {
            setMotivo(event.target.value)
          }}
        />
        <p className="field-hint" aria-live="polite">
          {motivo.length} de {MOTIVO_MAX_LENGTH} caracteres
        </p>
        {motivoError && (
          <p className="field-error" id={`${ids}-motivo-error`}>
            {motivoError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-especialidad`}>Especialidad</label>
        <select
          id={`${ids}-especialidad`}
          value={especialidad}
          onChange={(event) => {
            setEspecialidad(event.target.value)
          }}
        >
          <option value="">Cualquier profesional</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="care-photos">
        <legend>Fotos (opcional, hasta {MAX_FOTOS_POR_ASISTENCIA})</legend>
        <PhotoUploadList
          entries={fotos}
          onRemove={createdId === null ? photos.remove : undefined}
          onRetry={(key) => void retry(key)}
        />
        {fotos.length < MAX_FOTOS_POR_ASISTENCIA && createdId === null && (
          <PhotoPicker accept={FOTO_TIPOS} chooseLabel="Añadir fotos" multiple onFiles={addFiles} />
        )}
      </fieldset>
      <div role="alert" className="form-alert">
        {alert}
      </div>
      {createdId === null ? (
        <button type="submit" className="button-primary" disabled={isSending}>
          Solicitar asistencia
        </button>
      ) : (
        !isSending && (
          <p>
            Tu solicitud ya está en la cola.{' '}
            <Link to={waitingRoom(createdId)}>Ir a la sala de espera sin estas fotos</Link>
          </p>
        )
      )}
    </form>
  )
}
