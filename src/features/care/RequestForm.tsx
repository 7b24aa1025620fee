import './care.css'
/**
 * "Solicitar asistencia": the reason, an optional specialty of those the hospital offers, up
 * to MAX_FOTOS_POR_ASISTENCIA photos. The id is chosen once per form, so sending again (a lost
 * answer, a double tap, the outbox) never creates a second request. Without a connection the
 * request waits in the outbox and is sent when the connection returns.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { PhotoPicker } from '../../components/PhotoPicker'
import { paths } from '../../config/paths'
import {
  ESPECIALIDAD_MAX_LENGTH,
  FOTO_TIPOS,
  MAX_FOTOS_POR_ASISTENCIA,
  MOTIVO_FIELD,
  MOTIVO_MAX_LENGTH,
  type NuevaAsistencia,
} from '../../contract/care'
import { freeTextMessage, readFreeText } from '../../contract/text'
import { ApiError } from '../../lib/api-errors'
import { createAsistencia, listEspecialidades, uploadFoto } from './care-api'
import { describeCareError } from './care-errors'
import { LocalPreview } from './CareParts'
import { newId } from './new-id'
import { isUnsentFailure, keepRequest } from './outbox'

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
  const [fotos, setFotos] = useState<File[]>([])
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
    await send(
      { id: requestId, motivo: text, ...(especialidad === '' ? {} : { especialidad }) },
      fotos,
    )
  }

  async function send(body: NuevaAsistencia, photos: File[]) {
    setAlert(null)
    setIsSending(true)
    try {
      await createAsistencia(body)
    } catch (error) {
      if (isUnsentFailure(error)) {
        try {
          await keepRequest(tenant, body, photos)
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
        onTermsChanged(() => void send(body, photos))
        return
      }
      setAlert(describeCareError(error))
      return
    }
    const failedPhotos: string[] = []
    for (const foto of photos) {
      try {
        await uploadFoto(body.id, foto)
      } catch (error) {
        failedPhotos.push(`${foto.name}: ${describeCareError(error)}`)
      }
    }
    const next = `${paths.screen(tenant, 'atencion-asistencia')}/${body.id}`
    await navigate(failedPhotos.length === 0 ? next : `${next}?fotos=error`)
  }

  function addFiles(list: readonly File[]) {
    const chosen = list.filter((file) => file.type.startsWith('image/'))
    const room = MAX_FOTOS_POR_ASISTENCIA - fotos.length
    if (chosen.length > room) {
      setAlert(`Puedes adjuntar como mucho ${MAX_FOTOS_POR_ASISTENCIA} fotos.`)
    }
    setFotos([...fotos, ...chosen.slice(0, Math.max(0, room))])
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
        {fotos.length > 0 && (
          <ul className="care-photo-list">
            {fotos.map((foto, index) => (
              <li key={`${foto.name}-${String(index)}`}>
                <LocalPreview file={foto} alt={`Foto ${index + 1}: ${foto.name}`} />
                <button
                  type="button"
                  className="button-secondary"
                  onClick={() => {
                    setFotos(fotos.filter((_, at) => at !== index))
                  }}
                >
                  Quitar foto {index + 1}
                </button>
              </li>
            ))}
          </ul>
        )}
        {fotos.length < MAX_FOTOS_POR_ASISTENCIA && (
          <PhotoPicker accept={FOTO_TIPOS} chooseLabel="Añadir fotos" multiple onFiles={addFiles} />
        )}
      </fieldset>
      <div role="alert" className="form-alert">
        {alert}
      </div>
      <button type="submit" className="button-primary" disabled={isSending}>
        Solicitar asistencia
      </button>
    </form>
  )
}
