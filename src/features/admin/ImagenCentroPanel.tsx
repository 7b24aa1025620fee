import './admin.css'
import {
  useCallback,
  useEffect,
  useId,
  useState,
  type CSSProperties,
  type SubmitEvent,
} from 'react'
import { UNSAVED_CHANGES_ATTRIBUTE } from '../../config/dom-attributes'
import { HOSPITAL_NAME_MAX_LENGTH, TELEFONO_MAX_LENGTH } from '../../contract/branding-answer'
import { SHORT_NAME_MAX_LENGTH, shortenName } from '../../contract/manifest'
import { LOGO_MAX_BYTES } from '../../contract/logo'
import { graphemesOf } from '../../contract/text'
import { readHospital, updateHospital, uploadLogo, type VersionedHospital } from './admin-api'
import { describeAdminError, isStaleVersion } from './admin-errors'
import { checkColors, formatRatio, type ColorCheck } from './color-check'
import { LOGO_LIMITS_TEXT, LOGO_MAX_SIZE_TEXT } from './logo-limits'
import { ActionOutcome, LoadError, Loading, type ActionMessage } from './PanelStates'
import { useAsyncData } from './use-async-data'

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp']

interface ImagenCentroPanelProps {
  tenant: string
  /** Called after a save or an upload, so this device shows the new branding at once. */
  onSaved: () => void
}

function previewStyle(check: ColorCheck): CSSProperties {
  // Scoped custom properties: the preview shows the picked colours, the page keeps its own.
  return {
    '--color-primario': check.colors.primario,
    '--color-secundario': check.colors.secundario,
    '--color-sobre-primario': check.colors.sobrePrimario,
    '--color-sobre-secundario': check.colors.sobreSecundario,
    '--color-primario-texto': check.colors.primarioTexto,
  } as CSSProperties
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

function LogoUpload({ tenant, onUploaded }: { tenant: string; onUploaded: () => void }) {
  const inputId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [previewUrl, setPreviewUrl] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [message, setMessage] = useState<ActionMessage | null>(null)

  // Each preview URL is released once replaced or when the panel goes.
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl)
    },
    [previewUrl],
  )

  function onChoose(chosen: File | undefined) {
    setMessage(null)
    setPreviewUrl(null)
    setFile(null)
    if (!chosen) return
    if (!LOGO_TYPES.includes(chosen.type)) {
      setMessage({
        text: 'El logotipo debe ser una imagen PNG, JPEG o WebP (no SVG).',
        isError: true,
      })
      return
    }
    // The server's limit, checked here first so nobody waits for a refusal.
    if (chosen.size > LOGO_MAX_BYTES) {
      setMessage({ text: `El logotipo no puede pasar de ${LOGO_MAX_SIZE_TEXT}.`, isError: true })
      return
    }
    setFile(chosen)
    setPreviewUrl(URL.createObjectURL(chosen))
  }

  async function onUpload() {
    if (!file) return
    setProgress(0)
    setMessage(null)
    try {
      await uploadLogo(tenant, file, setProgress)
      setMessage({ text: 'Logotipo actualizado.', isError: false })
      onUploaded()
    } catch (error) {
      setMessage({ text: describeAdminError(error), isError: true })
    } finally {
      setProgress(null)
    }
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
      <button type="button" disabled={!file || progress !== null} onClick={() => void onUpload()}>
        Subir logotipo
      </button>
      {progress !== null && (
        <progress max={1} value={progress} aria-label="Progreso de la subida del logotipo" />
      )}
      <ActionOutcome message={message} />
    </fieldset>
  )
}

/** A hospital's image: name, colours with a live preview and contrast verdicts, and its logo. */
export function ImagenCentroPanel({ tenant, onSaved }: ImagenCentroPanelProps) {
  const headingId = useId()
  const load = useCallback(() => readHospital(tenant), [tenant])
  const [loaded, reload] = useAsyncData(load)

  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Imagen del centro</h2>
      {loaded.status === 'loading' && <Loading what="la imagen del centro" />}
      {loaded.status === 'error' && <LoadError error={loaded.error} onRetry={reload} />}
      {loaded.status === 'ready' && (
        <ImagenForm key={tenant} tenant={tenant} initial={loaded.data} onSaved={onSaved} />
      )}
    </section>
  )
}

function ImagenForm({
  tenant,
  initial,
  onSaved,
}: {
  tenant: string
  initial: VersionedHospital
  onSaved: () => void
}) {
  const [version, setVersion] = useState(initial)
  const [nombre, setNombre] = useState(initial.hospital.nombre)
  const [telefono, setTelefono] = useState(initial.hospital.telefono)
  const [nombreCorto, setNombreCorto] = useState(initial.hospital.nombre_corto)
  const [primario, setPrimario] = useState(initial.hospital.color_primario)
  const [secundario, setSecundario] = useState(initial.hospital.color_secundario)
  const [needsConfirmation, setNeedsConfirmation] = useState(false)
  const [message, setMessage] = useState<ActionMessage | null>(null)
  const [isSaving, setSaving] = useState(false)
  const check = checkColors(primario, secundario)
  const shortNameHintId = useId()
  // The fields are controlled, so their DOM defaults follow what is typed: the form says itself
  // that it holds unsaved edits, or an update could reload the page over them.
  const saved = version.hospital
  const hasUnsavedEdits =
    nombre !== saved.nombre ||
    telefono !== saved.telefono ||
    nombreCorto !== saved.nombre_corto ||
    primario !== saved.color_primario ||
    secundario !== saved.color_secundario

  async function save() {
    setSaving(true)
    setMessage(null)
    try {
      const saved = await updateHospital(tenant, version.etag, {
        nombre,
        telefono: telefono.trim(),
        nombre_corto: nombreCorto.trim(),
        color_primario: primario,
        color_secundario: secundario,
      })
      setVersion(saved)
      setNeedsConfirmation(false)
      setMessage({
        text: 'Cambios guardados. Los dispositivos del centro los verán al navegar.',
        isError: false,
      })
      onSaved()
    } catch (error) {
      if (isStaleVersion(error)) {
        // Someone else saved first: their version is loaded; what was typed here stays on screen.
        const current = await readHospital(tenant).catch(() => null)
        if (current) setVersion(current)
      }
      setMessage({ text: describeAdminError(error), isError: true })
    } finally {
      setSaving(false)
    }
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (nombre.trim() === '') {
      setMessage({ text: 'Escribe el nombre del centro.', isError: true })
      return
    }
    if (graphemesOf(nombreCorto.trim()).length > SHORT_NAME_MAX_LENGTH) {
      setMessage({
        text: `El nombre corto puede tener como mucho ${String(SHORT_NAME_MAX_LENGTH)} caracteres.`,
        isError: true,
      })
      return
    }
    if (check && check.adjustments.length > 0 && !needsConfirmation) {
      setNeedsConfirmation(true)
      return
    }
    void save()
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
        <label>
          Color primario (cabecera y botones)
          <input
            type="color"
            value={primario}
            onChange={(event) => {
              setPrimario(event.currentTarget.value)
              setNeedsConfirmation(false)
            }}
          />
        </label>
        <label>
          Color secundario (detalles y separadores)
          <input
            type="color"
            value={secundario}
            onChange={(event) => {
              setSecundario(event.currentTarget.value)
              setNeedsConfirmation(false)
            }}
          />
        </label>

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
        <ActionOutcome message={message} />
      </form>
      <LogoUpload
        tenant={tenant}
        onUploaded={() => {
          onSaved()
          // The upload made a new version of the hospital; the next save must name it.
          void readHospital(tenant).then(setVersion, () => undefined)
        }}
      />
    </>
  )
}
