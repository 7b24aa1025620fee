import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type SubmitEvent,
} from 'react'
import { useFetcher } from 'react-router-dom'
import { Link } from '../../components/Link'
import { paths } from '../../config/paths'
import { preloadSignIn } from './session'
import { isKioskMode, subscribeToKioskMode } from './kiosk-mode'
import { IDLE_SIGN_OUT_MS, isSharedDevice } from './shared-device'
import { SIGN_IN_FIELDS, type SignInFailure } from './sign-in-form'
import { validateCredentials, type CredentialErrors } from './validate-credentials'

interface LoginFormProps {
  /**
   * When the API last answered (ms), as the connection monitor saw it: a "no connection" message
   * older than that is stale and goes, so a kiosk never shows it after the network is back.
   */
  apiAnsweredAt?: number | null
  /**
   * What to offer when the account still awaits its email confirmation (a way to get another
   * link), given the address typed.
   */
  pendingAccountHelp?: (email: string) => ReactNode
}

// What the shared-device hint says, from the one number.
const IDLE_MINUTES = String(IDLE_SIGN_OUT_MS / 60_000)

function readTextField(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * The sign-in form: labelled fields, messages tied to them, one alert for the answer. It checks
 * the fields itself, then submits them to the screen's route action (`signInAction`), which
 * redirects on success; the pending state and the failure are the fetcher's.
 */
export function LoginForm({ apiAnsweredAt = null, pendingAccountHelp }: LoginFormProps) {
  const id = useId()
  const emailInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const [errors, setErrors] = useState<CredentialErrors>({})
  const fetcher = useFetcher<SignInFailure>()
  // A new attempt hides the answer to the previous one until its own arrives.
  const [dismissedFailure, setDismissedFailure] = useState<SignInFailure>()
  const isSubmitting = fetcher.state !== 'idle'
  // The build renders the form for an ordinary device; a kiosk's box and hint follow hydration.
  const isKiosk = useSyncExternalStore(subscribeToKioskMode, isKioskMode, () => false)
  const isShared = useSyncExternalStore(subscribeToKioskMode, isSharedDevice, () => false)

  // Once the form works, what a press needs besides the request (the answer's schema and its
  // checker) is fetched in the background: pressing "Entrar" then waits for the request alone.
  useEffect(() => {
    const timer = setTimeout(preloadSignIn, 0)
    return () => {
      clearTimeout(timer)
    }
  }, [])

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isSubmitting) return
    const form = new FormData(event.currentTarget)
    const email = readTextField(form, SIGN_IN_FIELDS.email).trim()
    const password = readTextField(form, SIGN_IN_FIELDS.password)
    const found = validateCredentials({ email, password })
    setErrors(found)
    setDismissedFailure(fetcher.data)
    if (found.email) {
      emailInput.current?.focus()
      return
    }
    if (found.password) {
      passwordInput.current?.focus()
      return
    }
    // To the screen's own action, with its query (the return path after an expired session).
    void fetcher.submit(form, { method: 'post' })
  }

  const failure = fetcher.data !== dismissedFailure ? (fetcher.data ?? null) : null
  const isStale =
    failure?.offlineAt !== undefined && apiAnsweredAt !== null && apiAnsweredAt > failure.offlineAt
  const shownFailure = isStale ? null : failure

  const emailErrorId = `${id}-email-error`
  const passwordErrorId = `${id}-password-error`

  return (
    <>
      <form className="login-form" noValidate aria-busy={isSubmitting} onSubmit={handleSubmit}>
        <div className="field">
          <label htmlFor={`${id}-email`}>Correo electrónico</label>
          <input
            ref={emailInput}
            id={`${id}-email`}
            name={SIGN_IN_FIELDS.email}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? emailErrorId : undefined}
          />
          {errors.email && (
            <p id={emailErrorId} className="field-error">
              {errors.email}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Contraseña</label>
          <input
            ref={passwordInput}
            id={`${id}-password`}
            name={SIGN_IN_FIELDS.password}
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? passwordErrorId : undefined}
          />
          {errors.password && (
            <p id={passwordErrorId} className="field-error">
              {errors.password}
            </p>
          )}
        </div>
        <div className="field field-checkbox">
          <input
            // A kiosk is always shared: the box shows it and cannot be unticked there.
            key={isKiosk ? 'kiosk' : isShared ? 'shared' : 'device'}
            id={`${id}-shared`}
            name={SIGN_IN_FIELDS.isShared}
            type="checkbox"
            defaultChecked={isKiosk || isShared}
            disabled={isKiosk}
            aria-describedby={`${id}-shared-hint`}
          />
          <label htmlFor={`${id}-shared`}>Este dispositivo es compartido</label>
          <p id={`${id}-shared-hint`} className="field-hint">
            {isKiosk
              ? `Pantalla en modo quiosco: la sesión se cerrará sola tras ${IDLE_MINUTES} minutos sin actividad.`
              : `Tras ${IDLE_MINUTES} minutos sin actividad, a profesionales se les bloquea la pantalla (siguen recibiendo avisos de solicitudes y vuelven con su contraseña); a pacientes y a la administración se les cierra la sesión.`}
          </p>
        </div>
        <div role="alert" className="form-alert">
          {shownFailure?.message}
          {shownFailure?.ownHospital && (
            <>
              {' '}
              <Link to={paths.login(shownFailure.ownHospital)}>Ir al acceso de mi centro</Link>
            </>
          )}
        </div>
        {/* "Entrar" works from the first frame: a press before the page has taken over the
          prerendered form is kept by the shell and made again once it has (app/press-keeper). */}
        <button type="submit" className="button-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Entrando…' : 'Entrar'}
        </button>
      </form>
      {shownFailure?.awaitingEmail !== undefined &&
        pendingAccountHelp?.(shownFailure.awaitingEmail)}
    </>
  )
}
