/** The message field of a conversation: text, a photo, and the outbox when the network fails. */
import { useId, useRef, useState, type SubmitEvent } from 'react'
import { PhotoPicker } from '../../../../components/PhotoPicker'
import {
  FOTO_TIPOS,
  MENSAJE_FIELD,
  MENSAJE_MAX_LENGTH,
  type Mensaje,
  type NuevoMensaje,
} from '../../../../contract/care'
import { freeTextMessage, readFreeText } from '../../../../contract/text'
import { sendMensaje } from '../../api/care-api'
import { describeCareError } from '../../api/care-errors'
import { newId } from '../../api/new-id'
import { isUnsentFailure, keepMessage } from '../../outbox/outbox'
import { PhotoUploadList } from '../../photos/PhotoUploadList'
import { usePhotoUploads } from '../../photos/use-photo-uploads'
import { useIsOnline } from '../../live/use-live'

export function MessageForm({
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
