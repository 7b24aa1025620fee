import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type SubmitEvent,
} from 'react'
import { Link } from 'react-router-dom'
import { useIsHydrated } from '../../components/use-is-hydrated'
import { paths } from '../../config/paths'
import { isTenantId } from '../../contract/tenants'
import { ApiError, NetworkError, TimeoutError } from '../../lib/api-errors'
import { preloadSignIn, signIn, type SessionUser } from './session'
import { isKioskMode, subscribeToKioskMode } from './kiosk-mode'
import { isSharedDevice, setSharedDevice } from './shared-device'
import { validateCredentials, type CredentialErrors } from './validate-credentials'

interface LoginFormProps {
  tenant: string
  onSignedIn: (user: SessionUser) => void
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

function readTextField(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

interface Failure {
  /** The address of an account whose password is right but whose email is not confirmed yet. */
  awaitingEmail?: string
  message: string
  /** The hospital the account belongs to, when it was signed in at another one. */
  ownHospital?: string
  /** When a failure to reach the server happened (ms); absent for any other failure. */
  offlineAt?: number
}

// The server names the account's hospital only after a correct password (`other_hospital`).
function ownHospitalOf(error: ApiError): string | undefined {
  const tenant = (error.body as { tenant?: unknown } | null)?.tenant
  return typeof tenant === 'string' && isTenantId(tenant) ? tenant : undefined
}

function describeFailure(error: unknown, email: string): Failure {
  if (error instanceof ApiError && error.status === 403 && error.code === 'email_pending') {
    return {
      message:
        'Tu cuenta está pendiente de confirmación: sigue el enlace que te enviamos por correo electrónico.',
      awaitingEmail: email,
    }
  }
  if (error instanceof ApiError && error.status === 403 && error.code === 'other_hospital') {
    return { message: 'Esta cuenta pertenece a otro centro.', ownHospital: ownHospitalOf(error) }
  }
  const isUnreachable = error instanceof NetworkError || error instanceof TimeoutError
  return {
    message: describeOtherFailure(error),
    ...(isUnreachable ? { offlineAt: Date.now() } : {}),
  }
}

function describeOtherFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'Correo o contraseña incorrectos.'
  if (error instanceof ApiError && error.status === 403 && error.code === 'account_disabled') {
    return 'Tu cuenta está desactivada. Habla con la administración de tu centro.'
  }
  if (error instanceof ApiError && error.status === 403 && error.code === 'hospital_disabled') {
    return 'Este centro está desactivado. Habla con la administración de tu centro.'
  }
  if (error instanceof ApiError && error.status === 429) return describeWait(error)
  if (error instanceof ApiError && error.status === 503 && error.code === 'server_busy') {
    return 'El servidor está ocupado. Inténtalo de nuevo en unos segundos.'
  }
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return 'No hay conexión con el servidor. Comprueba tu conexión e inténtalo de nuevo.'
  }
  return 'No se ha podido iniciar sesión. Inténtalo de nuevo en unos minutos.'
}

// The server says how long to wait (Spanish, with the seconds); the form repeats it.
function describeWait(error: ApiError): string {
  const message = (error.body as { message?: unknown } | null)?.message
  return typeof message === 'string' && message.startsWith('Demasiados intentos')
    ? message
    : 'Demasiados intentos. Espera un poco y vuelve a intentarlo.'
}

/** The sign-in form: labelled fields, messages tied to them, one alert for the answer. */
export function LoginForm({
  tenant,
  onSignedIn,
  apiAnsweredAt = null,
  pendingAccountHelp,
}: LoginFormProps) {
  const id = useId()
  const emailInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const [errors, setErrors] = useState<CredentialErrors>({})
  const [failure, setFailure] = useState<Failure | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)
  // The build renders the form for an ordinary device; a kiosk's box and hint follow hydration.
  const isKiosk = useSyncExternalStore(subscribeToKioskMode, isKioskMode, () => false)
  const isShared = useSyncExternalStore(subscribeToKioskMode, isSharedDevice, () => false)
  const isHydrated = useIsHydrated()

  // Once the form works, what a press needs besides the request (the answer's schema and its
  // checker) is fetched in the background: pressing "Entrar" then waits for the request alone.
  useEffect(() => {
    const timer = setTimeout(preloadSignIn, 0)
    return () => {
      clearTimeout(timer)
    }
  }, [])

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isSubmitting) return
    const form = new FormData(event.currentTarget)
    const email = readTextField(form, 'email').trim()
    const password = readTextField(form, 'password')
    const found = validateCredentials({ email, password })
    setErrors(found)
    setFailure(null)
    if (found.email) {
      emailInput.current?.focus()
      return
    }
    if (found.password) {
      passwordInput.current?.focus()
      return
    }
    setIsSubmitting(true)
    try {
      const user = await signIn({ email, password, tenant })
      setSharedDevice(form.get('compartido') === 'on')
      onSignedIn(user)
    } catch (error) {
      setFailure(describeFailure(error, email))
      setIsSubmitting(false)
    }
  }

  const isStale =
    failure?.offlineAt !== undefined && apiAnsweredAt !== null && apiAnsweredAt > failure.offlineAt
  const shownFailure = isStale ? null : failure

  const emailErrorId = `${id}-email-error`
  const passwordErrorId = `${id}-password-error`

  return (
    <>
      <form
        className="login-form"
        noValidate
        aria-busy={isSubmitting}
        onSubmit={(event) => void handleSubmit(event)}
      >
        <div className="field">
          <label htmlFor={`${id}-email`}>Correo electrónico</label>
          <input
            ref={emailInput}
            id={`${id}-email`}
            name="email"
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
            name="password"
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
            name="compartido"
            type="checkbox"
            defaultChecked={isKiosk || isShared}
            disabled={isKiosk}
            aria-describedby={`${id}-shared-hint`}
          />
          <label htmlFor={`${id}-shared`}>Este dispositivo es compartido</label>
          <p id={`${id}-shared-hint`} className="field-hint">
            {isKiosk
              ? 'Pantalla en modo quiosco: la sesión se cerrará sola tras 5 minutos sin actividad.'
              : 'La sesión se cerrará sola tras 5 minutos sin actividad.'}
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
        {/* Until the page has taken over a prerendered form, "Entrar" cannot be pressed: the
          browser would otherwise submit the form itself, the password in the URL. What is
          typed meanwhile stays. */}
        <button type="submit" className="button-primary" disabled={isSubmitting || !isHydrated}>
          {isSubmitting ? 'Entrando…' : 'Entrar'}
        </button>
      </form>
      {shownFailure?.awaitingEmail !== undefined &&
        pendingAccountHelp?.(shownFailure.awaitingEmail)}
    </>
  )
}
