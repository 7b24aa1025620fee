import './care.css'
/**
 * Small pieces every care screen uses: the live notice, pending marks, photos read with the
 * token, the answer to a consultation that cannot be shown.
 */
import { useEffect, useState } from 'react'
import { Link } from '../../../components/Link'
import { api } from '../../../lib/api'
import { useIsOnline, useLiveStatus } from '../live/use-live'

/** Says when what the screen shows may be out of date: no live stream, or no connection. */
export function LiveNotice() {
  const status = useLiveStatus()
  const isOnline = useIsOnline()
  const isDown = !isOnline || status === 'down'
  return (
    <div role="status" className="care-live-region">
      {isDown && (
        <p className="care-live-notice">
          Sin actualizaciones en directo: la información puede no estar al día. Se reconectará
          automáticamente.
        </p>
      )}
    </div>
  )
}

/** A load that failed: what failed, in Spanish, and "Reintentar". */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="form-alert">
      <p>{message}</p>
      <button type="button" className="button-secondary" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  )
}

export function PendingMark() {
  return <span className="care-pending">Pendiente de envío</span>
}

/**
 * A consultation's photo: the API serves it only with the session's token, so it is read through
 * the API client and shown from an object URL, released when the photo leaves the screen.
 */
export function AuthImage({ src, alt }: { src: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const stop = new AbortController()
    let objectUrl: string | null = null
    api.blob(src, { signal: stop.signal }).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob)
        setUrl(objectUrl)
      },
      () => {
        if (!stop.signal.aborted) setFailed(true)
      },
    )
    return () => {
      stop.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [src])
  if (failed) return <span className="care-photo-missing">No se ha podido cargar la foto.</span>
  if (url === null) return <span className="care-photo-loading">Cargando foto…</span>
  return <img className="care-photo" src={url} alt={alt} />
}

/** A local photo (not yet sent) with its preview, read as a data URL (nothing to release). */
export function LocalPreview({ file, alt }: { file: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const reader = new FileReader()
    reader.onload = () => {
      if (typeof reader.result === 'string') setUrl(reader.result)
    }
    reader.readAsDataURL(file)
    return () => {
      reader.abort()
    }
  }, [file])
  return url === null ? null : <img className="care-photo" src={url} alt={alt} />
}

/** A consultation that does not exist or is not the person's, with the way back to their area. */
export function ConsultationNotFound({ homeLink }: { homeLink: string }) {
  return (
    <div className="care-screen">
      <p>Esta consulta no existe o no tienes acceso a ella.</p>
      <p>
        <Link to={homeLink}>Ir a mi área</Link>
      </p>
    </div>
  )
}
