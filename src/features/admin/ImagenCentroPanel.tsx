import './admin.css'
import { useQuery } from '@tanstack/react-query'
import {
  useCallback,
  useEffect,
  useId,
  useState,
  type CSSProperties,
  type SubmitEvent,
} from 'react'
import { UNSAVED_CHANGES_ATTRIBUTE } from '../../config/dom-attributes'
import { toCssProperties } from '../../contract/branding'
import { HOSPITAL_NAME_MAX_LENGTH, TELEFONO_MAX_LENGTH } from '../../contract/branding-answer'
import { SHORT_NAME_MAX_LENGTH, shortenName } from '../../contract/manifest'
import { LOGO_MAX_BYTES } from '../../contract/logo'
import { graphemesOf } from '../../contract/text'
import type { VersionedHospital } from './admin-api'
import { asksToConfirmColors, checkColors, formatRatio, type ColorCheck } from './color-check'
import { imageQuery } from './admin-queries'
import { IMAGE_FIELDS, saveImage, type ImageChange, uploadHospitalLogo } from './image-changes'
import { LOGO_LIMITS_TEXT, LOGO_MAX_SIZE_TEXT } from './logo-limits'
import { ActionOutcome, LoadError, Loading } from './PanelStates'
import { usePanelChange } from './use-panel-change'

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp']

function previewStyle(check: ColorCheck): CSSProperties {
  // The branding's own variables, scoped to the preview: it shows the picked colours while the
  // page keeps its own, which only the branding writer sets (apply-branding.ts).
  return Object.fromEntries(toCssProperties(check.colors))
}

function ContrastTable({ check }: { check: ColorCheck }) {
  return (
    <table className="admin-table">
      <caption>Contraste de cada combinación (WCAG AA pide al menos 4,5:1)</caption>
      <thead>
        <tr>
          <th scope="col">Uso</th>
          <th scope="col">Colores</th>
          <th scope="col">Contraste</th>
          <th scope="col">Resultado</th>
        </tr>
      </thead>
      <tbody>
        {check.pairs.map((pair) => (
          <tr key={pair.uso}>
            <th scope="row">{pair.uso}</th>
            <td>
              texto {pair.texto} sobre {pair.fondo}
            </td>
            <td>{formatRatio(pair.ratio)}</td>
            <td>{pair.cumple ? 'Legible (cumple AA)' : 'No legible (no cumple AA)'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Adjustments({ check }: { check: ColorCheck }) {
  if (check.adjustments.length === 0) {
    return <p>Los dos colores se leen bien como texto sobre blanco: la app los usará tal cual.</p>
  }
  return (
    <ul className="admin-adjustments">
      {check.adjustments.map((adjustment) => (
        <li key={adjustment.campo}>
          El color {adjustment.campo} {adjustment.elegido} es demasiado claro para leer texto sobre
          blanco. La app usará {adjustment.usado} en enlaces y títulos; cabecera y botones conservan{' '}
          {adjustment.elegido} con texto en{' '}
          {adjustment.campo === 'primario'
            ? check.colors.sobrePrimario
            : check.colors.sobreSecundario}
          .
        </li>
      ))}
    </ul>
  )
}

function LogoUpload({ tenant }: { tenant: string }) {
  const inputId = useId()
  const upload = usePanelChange(uploadHospitalLogo)
  const [file, setFile] = useState<File | null>(null)
  const [previewUrl, setPreviewUrl] = useState<string | null>(null)
  const [progress, setProgress] = useState(0)
  const isUploading = upload.isBusy

  // Each preview URL is released once replaced or when the panel goes.
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl)
    },
    [previewUrl],
  )

  function onChoose(chosen: File | undefined) {
    upload.dismiss()
    setPreviewUrl(null)
    setFile(null)
    if (!chosen) return
    if (!LOGO_TYPES.includes(chosen.type)) {
      upload.refuse('El logotipo debe ser una imagen PNG, JPEG o WebP (no SVG).')
      return
    }
    // The server's limit, checked here first so nobody waits for a refusal.
    if (chosen.size > LOGO_MAX_BYTES) {
      upload.refuse(`El logotipo no puede pasar de ${LOGO_MAX_SIZE_TEXT}.`)
      return
    }
    setFile(chosen)
    setPreviewUrl(URL.createObjectURL(chosen))
  }

  function onUpload() {
    if (!file || isUploading) return
    setProgress(0)
    upload.submit({ centro: tenant, logo: file, onProgress: setProgress })
  }

  return (
    <fieldset className="admin-form">
      <legend>Logotipo</legend>
      <label htmlFor={inputId}>Imagen PNG, JPEG o WebP, hasta {LOGO_LIMITS_TEXT} de lado</label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={(event) => {
          onChoose(event.currentTarget.files?.[0])
        }}
      />
      {previewUrl && (
        <img
          className="admin-logo-preview"
          src={previewUrl}
          alt="Vista previa del logotipo elegido"
        />
      )}
      <button type="button" disabled={!file || isUploading} onClick={onUpload}>
        Subir logotipo
      </button>
      {isUploading && (
        <progress max={1} value={progress} aria-label="Progreso de la subida del logotipo" />
      )}
      <ActionOutcome message={upload.message} />
    </fieldset>
  )
}

/**
 * A hospital's image: name, colours with a live preview and contrast verdicts, and its logo.
 * Read through the page's cache (`imageQuery`) and changed through `image-changes.ts`; after a
 * change the hospital and the branding are read again, so this device shows the new image at
 * once.
 */
export function ImagenCentroPanel({ tenant }: { tenant: string }) {
  const headingId = useId()
  // A failed read (after a refused save, or through a connection drop) keeps the version last
  // read well, so the form and what was typed in it stay on screen.
  const image = useQuery(imageQuery(tenant))
  const current = image.data
  const { refetch } = image
  const reload = useCallback(() => {
    void refetch()
  }, [refetch])

  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Imagen del centro</h2>
      {image.isPending && <Loading what="la imagen del centro" />}
      {current === undefined && image.isError && <LoadError error={image.error} onRetry={reload} />}
      {current && <ImagenForm key={tenant} tenant={tenant} version={current} onStale={reload} />}
    </section>
  )
}

function ImagenForm({
  tenant,
  version,
  onStale,
}: {
  tenant: string
  /** The hospital as last read, with the version a save names. */
  version: VersionedHospital
  /** Reads the current version, after someone else saved first. */
  onStale: () => void
}) {
  const [nombre, setNombre] = useState(version.hospital.nombre)
  const [telefono, setTelefono] = useState(version.hospital.telefono)
  const [nombreCorto, setNombreCorto] = useState(version.hospital.nombre_corto)
  const [primario, setPrimario] = useState(version.hospital.color_primario)
  const [secundario, setSecundario] = useState(version.hospital.color_secundario)
  const [needsConfirmation, setNeedsConfirmation] = useState(false)
  const save = usePanelChange(saveImage)
  const isSaving = save.isBusy
  const check = checkColors(primario, secundario)
  const shortNameHintId = useId()
  // The fields are controlled, so their DOM defaults follow what is typed: the form says itself
  // that it holds unsaved edits, or an update could reload the page over them.
  const colorFields = [
    { label: 'Color primario (cabecera y botones)', value: primario, set: setPrimario },
    { label: 'Color secundario (detalles y separadores)', value: secundario, set: setSecundario },
  ]
  const saved = version.hospital
  const hasUnsavedEdits =
    nombre !== saved.nombre ||
    telefono !== saved.telefono ||
    nombreCorto !== saved.nombre_corto ||
    primario !== saved.color_primario ||
    secundario !== saved.color_secundario

  // A saved change needs no more confirming.
  const { outcome } = save
  const [handled, setHandled] = useState<ImageChange>()
  if (outcome && outcome !== handled) {
    setHandled(outcome)
    if (!outcome.isError) setNeedsConfirmation(false)
  }
  // Someone else saved first: their version is read; what was typed here stays on screen.
  useEffect(() => {
    if (outcome?.isStale) onStale()
  }, [outcome, onStale])

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (nombre.trim() === '') {
      save.refuse('Escribe el nombre del centro.')
      return
    }
    if (graphemesOf(nombreCorto.trim()).length > SHORT_NAME_MAX_LENGTH) {
      save.refuse(
        `El nombre corto puede tener como mucho ${String(SHORT_NAME_MAX_LENGTH)} caracteres.`,
      )
      return
    }
    const asks = asksToConfirmColors(
      check,
      { primario, secundario },
      { primario: saved.color_primario, secundario: saved.color_secundario },
    )
    if (asks && !needsConfirmation) {
      setNeedsConfirmation(true)
      return
    }
    if (isSaving) return
    save.submit({
      [IMAGE_FIELDS.centro]: tenant,
      [IMAGE_FIELDS.version]: version.etag,
      nombre,
      telefono,
      nombre_corto: nombreCorto,
      color_primario: primario,
      color_secundario: secundario,
    })
  }

  return (
    <>
      <form
        className="admin-form"
        noValidate
        onSubmit={onSubmit}
        {...{ [UNSAVED_CHANGES_ATTRIBUTE]: String(hasUnsavedEdits) }}
      >
        <label>
          Nombre del centro
          <input
            value={nombre}
            required
            maxLength={HOSPITAL_NAME_MAX_LENGTH}
            onChange={(event) => {
              setNombre(event.currentTarget.value)
            }}
          />
        </label>
        <label>
          Nombre corto (opcional; bajo el icono en la pantalla de inicio)
          <input
            value={nombreCorto}
            autoComplete="off"
            aria-describedby={shortNameHintId}
            onChange={(event) => {
              setNombreCorto(event.currentTarget.value)
            }}
          />
        </label>
        <p id={shortNameHintId} className="field-hint">
          Hasta {SHORT_NAME_MAX_LENGTH} caracteres. Si lo dejas vacío: «
          {shortenName(nombre.trim() === '' ? saved.nombre : nombre)}».
        </p>
        <label>
          Teléfono de contacto (opcional; se muestra al pie de las pantallas del centro)
          <input
            type="tel"
            value={telefono}
            maxLength={TELEFONO_MAX_LENGTH}
            autoComplete="off"
            onChange={(event) => {
              setTelefono(event.currentTarget.value)
            }}
          />
        </label>
        {colorFields.map(({ label, value, set }) => (
          <label key={label}>
            {label}
            <input
              type="color"
              value={value}
              onChange={(event) => {
                set(event.currentTarget.value)
                // A new colour is judged again before it is saved.
                setNeedsConfirmation(false)
              }}
            />
          </label>
        ))}

        {check && (
          <>
            <h3>Vista previa</h3>
            <div className="admin-preview" style={previewStyle(check)}>
              <div className="admin-preview-header">{nombre || 'Nombre del centro'}</div>
              <div className="admin-preview-body">
                <span className="admin-preview-button">Botón de ejemplo</span>{' '}
                <span className="admin-preview-link">Enlace de ejemplo</span>
                <div className="admin-preview-band">Texto sobre el color secundario</div>
              </div>
            </div>
            <h3>Legibilidad</h3>
            <ContrastTable check={check} />
            <Adjustments check={check} />
          </>
        )}

        {needsConfirmation && check && (
          <div className="admin-warning" role="alert">
            <p>
              Atención: {check.adjustments.length === 1 ? 'un color' : 'dos colores'} no se{' '}
              {check.adjustments.length === 1 ? 'puede' : 'pueden'} usar tal cual para texto sobre
              blanco. Para que todo el mundo pueda leer, la app los oscurecerá en enlaces y títulos
              (ver la lista anterior). Si prefieres que se vean exactamente como los eliges, escoge
              un color más oscuro.
            </p>
            <button type="submit" disabled={isSaving}>
              Guardar igualmente
            </button>
          </div>
        )}
        {!needsConfirmation && (
          <button type="submit" disabled={isSaving}>
            Guardar cambios
          </button>
        )}
        <ActionOutcome message={save.message} />
      </form>
      <LogoUpload tenant={tenant} />
    </>
  )
}
