import { useRef, useSyncExternalStore } from 'react'

// A touch screen as the main pointer: a phone or a tablet, whose browser opens the camera for a
// file field that asks for a capture (desktop browsers ignore `capture` and open the files).
const TOUCH_SCREEN = '(pointer: coarse)'

function subscribeToPointer(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined
  const query = window.matchMedia(TOUCH_SCREEN)
  query.addEventListener('change', listener)
  return () => {
    query.removeEventListener('change', listener)
  }
}

function hasTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(TOUCH_SCREEN).matches
}

interface PhotoPickerProps {
  /** The image types accepted (the `accept` list). */
  accept: string
  /** The button that opens the device's photos and files. */
  chooseLabel: string
  /** Several photos at once. */
  multiple?: boolean
  disabled?: boolean
  /** The chosen photos (none when the person closed the picker). */
  onFiles: (files: File[]) => void
}

/**
 * The app's own photo buttons: "Añadir fotos" (or another label) opens the device's photos, and
 * on a phone or tablet "Hacer una foto" opens the camera. The browser's file fields stay hidden
 * and out of the accessibility tree: their "Choose Files / No file chosen" speaks the browser's
 * language, not the app's.
 */
export function PhotoPicker({
  accept,
  chooseLabel,
  multiple = false,
  disabled = false,
  onFiles,
}: PhotoPickerProps) {
  const files = useRef<HTMLInputElement>(null)
  const camera = useRef<HTMLInputElement>(null)
  const canTakePhoto = useSyncExternalStore(subscribeToPointer, hasTouchScreen, () => false)

  function hidden(ref: typeof files, capture?: 'environment') {
    return (
      <input
        ref={ref}
        type="file"
        accept={accept}
        multiple={multiple && capture === undefined}
        capture={capture}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])])
          // The same photo may be chosen again after it was removed.
          event.target.value = ''
        }}
      />
    )
  }

  return (
    <div className="photo-picker">
      <button
        type="button"
        className="button-secondary"
        disabled={disabled}
        onClick={() => files.current?.click()}
      >
        {chooseLabel}
      </button>
      {canTakePhoto && (
        <button
          type="button"
          className="button-secondary"
          disabled={disabled}
          onClick={() => camera.current?.click()}
        >
          Hacer una foto
        </button>
      )}
      {hidden(files)}
      {hidden(camera, 'environment')}
    </div>
  )
}
