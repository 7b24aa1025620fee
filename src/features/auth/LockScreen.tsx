import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react'
import { SectionPage } from '../../components/SectionPage'
import { IDLE_SIGN_OUT_MS } from './shared-device'
import { unlockScreen } from './unlock-screen'

interface LockScreenProps {
  /** The professional whose session is kept (null while it cannot be checked, offline). */
  nombre: string | null
  /** What the lock still says of the duty: the queue's count, nothing of who waits. */
  children?: ReactNode
  /** Counted before the document title (the queue's count, "(3) "). */
  titleCount?: number
}

const IDLE_MINUTES = String(IDLE_SIGN_OUT_MS / 60_000)

/**
 * What a shared device shows while a professional's session is locked: nothing of the screens
 * behind it (they are not rendered at all), the duty's alerts, and the password to come back.
 * "Cerrar sesión" stays in the header for the next person.
 */
export function LockScreen({ nombre, children, titleCount }: LockScreenProps) {
  const id = useId()
  const passwordInput = useRef<HTMLInputElement>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [isChecking, setIsChecking] = useState(false)

  // Whatever had the focus went with the screen behind: the field to come back takes it.
  useEffect(() => {
    passwordInput.current?.focus()
  }, [])

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const input = passwordInput.current
    if (!input || isChecking) return
    if (input.value === '') {
      setFailure('Escribe tu contraseña.')
      input.focus()
      return
    }
    setIsChecking(true)
    setFailure(null)
    void unlockScreen(input.value).then((reason) => {
      // Opened: this screen goes, and with it the field.
      if (reason === null) return
      setIsChecking(false)
      setFailure(reason)
      input.value = ''
      input.focus()
    })
  }

  return (
    <SectionPage title="Pantalla bloqueada" titleCount={titleCount}>
      <p>
        La pantalla se ha bloqueado tras {IDLE_MINUTES} minutos sin actividad.{' '}
        {nombre === null ? 'La sesión sigue abierta' : `${nombre}, sigues de guardia`}: aquí se
        avisa de cada nueva solicitud.
      </p>
      {children}
      <form className="lock-form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-password`}>Contraseña</label>
          <input
            ref={passwordInput}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            aria-describedby={`${id}-failure`}
            aria-invalid={failure !== null}
          />
        </div>
        <p id={`${id}-failure`} role="alert" className="field-error">
          {failure}
        </p>
        <button type="submit" className="button-primary" disabled={isChecking}>
          {isChecking ? 'Comprobando…' : 'Desbloquear'}
        </button>
      </form>
      <p className="field-hint">
        ¿Otra persona? Pulsa «Cerrar sesión», arriba, y entra con tu propia cuenta.
      </p>
    </SectionPage>
  )
}
