import '../../features/join/join.css'
import { useId, useRef, useState, type SubmitEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Link } from '../../components/Link'
import { SectionPage } from '../../components/SectionPage'
import { paths } from '../../config/paths'
import { ACCESS_CODE_MAX_LENGTH } from '../../contract/account-rules'
import { RESET_LINK_TTL_MINUTES } from '../../contract/join-rules'
import { ApiError } from '../../lib/api-errors'
import { startSession } from '../../features/auth/session'
import { EmailLinkRequest } from '../../features/join/EmailLinkRequest'
import { PasswordField } from '../../features/join/PasswordField'
import { TextField } from '../../features/join/TextField'
import { describeJoinError, linkFailureOf } from '../../features/join/join-errors'
import {
  acceptInvitation,
  requestReset,
  resetWithAccessCode,
  resetWithLink,
} from '../../features/join/join-api'
import { emailError, fieldText, newPasswordError } from '../../features/join/validate-join'
import { useTenant } from '../tenant-route'

const RESET_SENT = `Si existe una cuenta con esa dirección, te hemos enviado un enlace para elegir una contraseña nueva. Caduca en ${String(RESET_LINK_TTL_MINUTES)} minutos.`

function ForgotPassword({ tenant, title }: { tenant: string; title: string }) {
  const id = useId()
  return (
    <section className="join-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>Escribe el correo electrónico de tu cuenta y te enviaremos un enlace.</p>
      <EmailLinkRequest
        action="Enviar enlace"
        send={(email) => requestReset(tenant, email)}
        sentText={RESET_SENT}
      />
    </section>
  )
}

/** What a link's password form says and calls: a reset link's, or an invitation's. */
interface LinkKind {
  intro: string
  label: string
  send: (tenant: string, codigo: string, password: string) => Promise<unknown>
  /** Said, instead of another link's form, when the link does not work. */
  whenFailed: 'another-link' | 'ask-admin'
}

const RESET_LINK: LinkKind = {
  intro: 'Elige una contraseña nueva. Al guardarla se cerrarán tus otras sesiones.',
  label: 'Contraseña nueva',
  send: resetWithLink,
  whenFailed: 'another-link',
}

const INVITATION_LINK: LinkKind = {
  intro: 'Te damos la bienvenida. Elige la contraseña de tu cuenta: con ella entrarás desde ahora.',
  label: 'Contraseña nueva',
  send: acceptInvitation,
  whenFailed: 'ask-admin',
}

/** The emailed link: a password, then its owner is signed in (other sessions end). */
function NewPasswordWithLink({
  tenant,
  codigo,
  kind,
}: {
  tenant: string
  codigo: string
  kind: LinkKind
}) {
  const navigate = useNavigate()
  const passwordInput = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | undefined>()
  const [failure, setFailure] = useState<unknown>(null)
  const [isBusy, setBusy] = useState(false)

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isBusy) return
    const password = fieldText(new FormData(event.currentTarget), 'password')
    const found = newPasswordError(password)
    setError(found)
    setFailure(null)
    if (found) {
      passwordInput.current?.focus()
      return
    }
    setBusy(true)
    try {
      const user = await startSession(await kind.send(tenant, codigo, password), tenant)
      // The new session is read on the way: the held one no longer matches the stored token.
      void navigate(paths.home(tenant, user.rol), { replace: true })
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'weak_password') {
        setError(describeJoinError(caught))
        passwordInput.current?.focus()
      } else {
        setFailure(caught)
      }
      setBusy(false)
    }
  }

  if (linkFailureOf(failure)) {
    return (
      <>
        <p role="alert" className="form-alert">
          {describeJoinError(failure)}
        </p>
        {kind.whenFailed === 'another-link' ? (
          <ForgotPassword tenant={tenant} title="Enviar otro enlace" />
        ) : (
          <p>Pide a la administración de tu centro que te envíe otra invitación.</p>
        )}
      </>
    )
  }
  return (
    <form
      className="join-form"
      noValidate
      aria-busy={isBusy}
      onSubmit={(event) => void onSubmit(event)}
    >
      <p>{kind.intro}</p>
      <PasswordField label={kind.label} error={error} inputRef={passwordInput} />
      <div role="alert" className="form-alert">
        {failure !== null && describeJoinError(failure)}
      </div>
      <button type="submit" className="button-primary" disabled={isBusy}>
        {isBusy ? 'Guardando…' : 'Guardar la contraseña'}
      </button>
    </form>
  )
}

interface CodeErrors {
  email?: string
  codigo?: string
  password?: string
}

/** The one-time access code an administrator gave: email, code and a new password. */
function RedeemAccessCode({ tenant }: { tenant: string }) {
  const id = useId()
  const emailInput = useRef<HTMLInputElement>(null)
  const codigoInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const [errors, setErrors] = useState<CodeErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [isDone, setDone] = useState(false)
  const [isBusy, setBusy] = useState(false)

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isBusy) return
    const form = new FormData(event.currentTarget)
    const email = fieldText(form, 'email').trim()
    const codigo = fieldText(form, 'codigo').trim()
    const password = fieldText(form, 'password')
    const found: CodeErrors = {
      email: emailError(email),
      codigo: codigo === '' ? 'Introduce el código que te dio la administración.' : undefined,
      password: newPasswordError(password),
    }
    setErrors(found)
    setFailure(null)
    const first = (['email', 'codigo', 'password'] as const).find((name) => found[name])
    if (first) {
      const inputs = { email: emailInput, codigo: codigoInput, password: passwordInput }
      inputs[first].current?.focus()
      return
    }
    setBusy(true)
    try {
      await resetWithAccessCode({ tenant, email, codigo, password })
      setDone(true)
    } catch (caught) {
      setFailure(
        caught instanceof ApiError && caught.code === 'invalid_access_code'
          ? 'El código no es válido, ya se ha usado o ha caducado. Pide uno nuevo a la administración de tu centro.'
          : describeJoinError(caught),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="join-section" aria-labelledby={id}>
      <h2 id={id}>¿Tienes un código de acceso?</h2>
      {isDone ? (
        <p role="status">
          Contraseña cambiada. Ya puedes <Link to={paths.login(tenant)}>iniciar sesión</Link> con
          ella.
        </p>
      ) : (
        <>
          <p>
            Si la administración de tu centro te ha dado un código de acceso, úsalo aquí para elegir
            una contraseña nueva.
          </p>
          <form
            className="join-form"
            noValidate
            aria-busy={isBusy}
            onSubmit={(event) => void onSubmit(event)}
          >
            <TextField
              label="Correo electrónico de la cuenta"
              name="email"
              type="email"
              autoComplete="username"
              error={errors.email}
              inputRef={emailInput}
            />
            <TextField
              label="Código de acceso"
              name="codigo"
              autoComplete="one-time-code"
              maxLength={ACCESS_CODE_MAX_LENGTH}
              error={errors.codigo}
              inputRef={codigoInput}
            />
            <PasswordField
              label="Contraseña nueva"
              error={errors.password}
              inputRef={passwordInput}
            />
            <div role="alert" className="form-alert">
              {failure}
            </div>
            <button type="submit" className="button-primary" disabled={isBusy}>
              {isBusy ? 'Guardando…' : 'Cambiar la contraseña'}
            </button>
          </form>
        </>
      )}
    </section>
  )
}

/**
 * Getting back in: a reset link by email (the same answer whether or not the address has an
 * account), the link itself (`?codigo=`), or an administrator's one-time access code.
 */
export function Component() {
  const tenant = useTenant()
  const [searchParams] = useSearchParams()
  const codigo = searchParams.get('codigo')
  if (codigo !== null) {
    return (
      <SectionPage title="Elegir una contraseña nueva">
        <NewPasswordWithLink tenant={tenant} codigo={codigo} kind={RESET_LINK} />
      </SectionPage>
    )
  }
  // An invitation: an account an administrator created, whose owner chooses a first password.
  const invitacion = searchParams.get('invitacion')
  if (invitacion !== null) {
    return (
      <SectionPage title="Elige tu contraseña">
        <NewPasswordWithLink tenant={tenant} codigo={invitacion} kind={INVITATION_LINK} />
      </SectionPage>
    )
  }
  return (
    <SectionPage title="Restablecer acceso">
      <ForgotPassword tenant={tenant} title="¿Has olvidado tu contraseña?" />
      <RedeemAccessCode tenant={tenant} />
    </SectionPage>
  )
}
