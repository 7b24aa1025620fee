import '../../features/join/join.css'
import { useId, useRef, useState, type SubmitEvent } from 'react'
import { Link } from '../../components/Link'
import { SectionPage } from '../../components/SectionPage'
import { paths } from '../../config/paths'
import { PERSON_NAME_MAX_LENGTH } from '../../contract/account-rules'
import { CONFIRMATION_LINK_TTL_HOURS } from '../../contract/join-rules'
import { ApiError } from '../../lib/api-errors'
import { CheckboxField } from '../../features/join/CheckboxField'
import { EmailLinkRequest } from '../../features/join/EmailLinkRequest'
import { PasswordField } from '../../features/join/PasswordField'
import { TextField } from '../../features/join/TextField'
import { describeJoinError } from '../../features/join/join-errors'
import { register, resendConfirmation } from '../../features/join/join-api'
import { TermsLoading, useCurrentTerms } from '../../features/join/TermsAcceptance'
import {
  emailError,
  fieldText,
  nameError,
  newPasswordError,
} from '../../features/join/validate-join'
import { useTenant } from '../tenant-route'

interface FieldErrors {
  nombre?: string
  email?: string
  password?: string
  terminos?: string
}

/** "Crear una cuenta": name, email, a password within the policy, the hospital's terms. */
export function Component() {
  const tenant = useTenant()
  const id = useId()
  const [terms, reloadTerms] = useCurrentTerms(tenant)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)
  const nombreInput = useRef<HTMLInputElement>(null)
  const emailInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const terminosInput = useRef<HTMLInputElement>(null)

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isBusy) return
    const form = new FormData(event.currentTarget)
    const nombre = fieldText(form, 'nombre').trim()
    const email = fieldText(form, 'email').trim()
    const password = fieldText(form, 'password')
    const found: FieldErrors = {
      nombre: nameError(nombre),
      email: emailError(email),
      password: newPasswordError(password),
      terminos:
        form.get('terminos') === 'on'
          ? undefined
          : 'Para crear la cuenta debes aceptar los términos y condiciones.',
    }
    setErrors(found)
    setFailure(null)
    const first = (['nombre', 'email', 'password', 'terminos'] as const).find((name) => found[name])
    if (first) {
      const inputs = {
        nombre: nombreInput,
        email: emailInput,
        password: passwordInput,
        terminos: terminosInput,
      }
      inputs[first].current?.focus()
      return
    }
    if (terms.status !== 'ready') return
    setBusy(true)
    try {
      await register({
        tenant,
        nombre,
        email,
        password,
        ...(terms.terms ? { terminos_version: terms.terms.version } : {}),
      })
      setSentTo(email)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'weak_password') {
        setErrors({ password: describeJoinError(error) })
        passwordInput.current?.focus()
      } else if (error instanceof ApiError && error.code === 'terms_changed') {
        reloadTerms()
        setFailure('Los términos y condiciones han cambiado: léelos de nuevo y vuelve a enviar.')
      } else {
        setFailure(describeJoinError(error))
      }
    } finally {
      setBusy(false)
    }
  }

  if (sentTo !== null) {
    return (
      <SectionPage title="Revisa tu correo electrónico">
        <p role="status">
          Si la dirección <strong>{sentTo}</strong> puede usarse, te hemos enviado un enlace para
          confirmar la cuenta. Caduca en {CONFIRMATION_LINK_TTL_HOURS} horas.
        </p>
        <section className="join-section" aria-labelledby={`${id}-again`}>
          <h2 id={`${id}-again`}>¿No te ha llegado?</h2>
          <p>Mira en la carpeta de correo no deseado, o pide otro enlace.</p>
          <EmailLinkRequest
            action="Enviar otro enlace"
            defaultEmail={sentTo}
            send={(email) => resendConfirmation(tenant, email)}
            sentText="Si la cuenta está pendiente de confirmar, te hemos enviado otro enlace."
          />
        </section>
      </SectionPage>
    )
  }

  return (
    <SectionPage title="Crear una cuenta">
      <p>
        ¿Ya tienes cuenta? <Link to={paths.login(tenant)}>Inicia sesión</Link>.
      </p>
      <form
        className="join-form"
        noValidate
        aria-busy={isBusy}
        onSubmit={(event) => void onSubmit(event)}
      >
        <TextField
          label="Nombre y apellidos"
          name="nombre"
          autoComplete="name"
          maxLength={PERSON_NAME_MAX_LENGTH}
          error={errors.nombre}
          inputRef={nombreInput}
        />
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          autoComplete="email"
          error={errors.email}
          inputRef={emailInput}
        />
        <PasswordField label="Contraseña" error={errors.password} inputRef={passwordInput} />
        <section aria-labelledby={`${id}-terms`}>
          <h2 id={`${id}-terms`}>Términos y condiciones</h2>
          <TermsLoading terms={terms} reload={reloadTerms} />
          {terms.status === 'ready' && terms.terms && (
            <div
              className="terms-box terms-text"
              tabIndex={0}
              role="region"
              aria-label={`Términos y condiciones, versión ${String(terms.terms.version)}`}
            >
              {terms.terms.texto}
            </div>
          )}
          <CheckboxField
            label="He leído y acepto los términos y condiciones"
            name="terminos"
            error={errors.terminos}
            inputRef={terminosInput}
          />
        </section>
        <div role="alert" className="form-alert">
          {failure}
        </div>
        <button
          type="submit"
          className="button-primary"
          disabled={isBusy || terms.status !== 'ready'}
        >
          {isBusy ? 'Creando la cuenta…' : 'Crear la cuenta'}
        </button>
      </form>
    </SectionPage>
  )
}
