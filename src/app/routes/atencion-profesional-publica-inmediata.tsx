import '../../features/care/screens/care.css'
/**
 * `/{tenant}/atencion-profesional-publica-inmediata`: immediate care without an account. From a
 * phone it opens a guest session for the one request and goes to the same waiting room as a
 * patient's; on a kiosk it takes a walk-in, shows the ticket, and forgets the person.
 */
import {
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type Ref,
  type SubmitEvent,
} from 'react'
import { useNavigate } from 'react-router-dom'
import { Link } from '../../components/Link'
import { SectionPage } from '../../components/SectionPage'
import { paths } from '../../config/paths'
import { PERSON_NAME_FIELD, PERSON_NAME_MAX_LENGTH } from '../../contract/account-rules'
import { MOTIVO_FIELD, MOTIVO_MAX_LENGTH } from '../../contract/care'
import { findFreeTextProblem } from '../../contract/text'
import type { SolicitudInmediata } from '../../contract/immediate-care'
import {
  CONTACTO_INVALIDO,
  CONTACTO_MAX_LENGTH,
  parseContacto,
} from '../../contract/immediate-care-rules'
import { ApiError } from '../../lib/api-errors'
import { readKioskCredential } from '../../lib/kiosk-credential'
import { isKioskMode, subscribeToKioskMode } from '../../features/auth/kiosk-mode'
import { startSession } from '../../features/auth/session'
import { describeCareError } from '../../features/care/api/care-errors'
import { requestImmediateCare } from '../../features/care/api/immediate-api'
import { isUnsentFailure } from '../../features/care/outbox/outbox'
import { keepWalkIn } from '../../features/care/outbox/walk-in-outbox'
import { newId, newSecret } from '../../features/care/api/new-id'
import { WalkInScreen, type WalkIn } from '../../features/care/screens/WalkInScreen'
import { CheckboxField } from '../../features/join/CheckboxField'
import { useCurrentTerms } from '../../features/join/TermsAcceptance'
import { useSession, useTenant } from '../tenant-route'
import { SCREEN_TITLES } from './screen-titles'

const SCREEN = 'atencion-profesional-publica-inmediata'
const FIELDS = ['nombre', 'contacto', 'motivo', 'terminos'] as const
type Field = (typeof FIELDS)[number]
type FieldErrors = Partial<Record<Field, string>>

/** The text of a form field, or '' when absent. */
function fieldText(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

function nombreError(nombre: string): string | undefined {
  return findFreeTextProblem(nombre, PERSON_NAME_FIELD) ?? undefined
}

/**
 * A labelled one-line field whose error is tied to it. Not the joining screens' `TextField`:
 * sharing that module splits it from the access-reset screen's chunk, whose first load then
 * passes its budget (measured 128.98 → 129.25 KB against 129).
 */
function Field({
  label,
  name,
  autoComplete,
  maxLength,
  error,
  inputRef,
}: {
  label: string
  name: string
  autoComplete: string
  maxLength: number
  error: string | undefined
  inputRef: Ref<HTMLInputElement>
}) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="text"
        required
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}

function contactoError(contacto: string): string | undefined {
  if (contacto === '') return 'Introduce un teléfono o un correo electrónico.'
  return parseContacto(contacto) === null ? CONTACTO_INVALIDO : undefined
}

function motivoError(motivo: string): string | undefined {
  return findFreeTextProblem(motivo, MOTIVO_FIELD) ?? undefined
}

/** The credential this kiosk's hospital issued, sent with each walk-in (none: it is refused). */
function kioskToken(tenant: string): { quiosco?: string } {
  const credential = readKioskCredential(tenant)
  return credential === null ? {} : { quiosco: credential.token }
}

/** The server's own Spanish words for a refusal of this form; the usual ones otherwise. */
function describeFailure(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 404, 409, 429].includes(error.status)) {
    const body = error.body as { message?: unknown } | null
    if (typeof body?.message === 'string' && body.message !== '') return body.message
  }
  return describeCareError(error)
}

interface FormProps {
  tenant: string
  isKiosk: boolean
  /** The request was accepted (or, on a kiosk, kept to send later). */
  onSent: (body: SolicitudInmediata) => Promise<void>
}

function ImmediateCareForm({ tenant, isKiosk, onSent }: FormProps) {
  const id = useId()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)
  const nombreInput = useRef<HTMLInputElement>(null)
  const contactoInput = useRef<HTMLInputElement>(null)
  const motivoInput = useRef<HTMLTextAreaElement>(null)
  const terminosInput = useRef<HTMLInputElement>(null)
  // The version the checkbox accepts: the one its link shows now.
  const [terms, reloadTerms] = useCurrentTerms(tenant)
  // On a kiosk the browser must not remember what one person typed for the next to see.
  const autoComplete = (value: string) => (isKiosk ? 'off' : value)

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isBusy) return
    const form = new FormData(event.currentTarget)
    const nombre = fieldText(form, 'nombre')
    const contacto = fieldText(form, 'contacto')
    const motivo = fieldText(form, 'motivo')
    const found: FieldErrors = {
      nombre: nombreError(nombre),
      contacto: contactoError(contacto),
      motivo: motivoError(motivo),
      terminos:
        form.get('terminos') === 'on'
          ? undefined
          : 'Para pedir atención debes aceptar los términos y condiciones.',
    }
    setErrors(found)
    setFailure(null)
    const first = FIELDS.find((name) => found[name])
    if (first) {
      const inputs = {
        nombre: nombreInput,
        contacto: contactoInput,
        motivo: motivoInput,
        terminos: terminosInput,
      }
      inputs[first].current?.focus()
      return
    }
    setBusy(true)
    try {
      await onSent({
        id: newId(),
        tenant,
        nombre,
        contacto,
        motivo,
        acepta_terminos: true,
        // A kiosk's walk-in, which may wait offline, accepts the version current when it
        // arrives; a guest the one read here (the server refuses an older one).
        ...(isKiosk
          ? { presencial: true, ...kioskToken(tenant) }
          : {
              secreto: newSecret(),
              ...(terms.status === 'ready' && terms.terms
                ? { terminos_version: terms.terms.version }
                : {}),
            }),
      })
    } catch (error) {
      if (error instanceof ApiError && error.code === 'terms_changed') reloadTerms()
      setFailure(describeFailure(error))
      setBusy(false)
    }
  }

  return (
    <form
      className="care-form"
      noValidate
      aria-busy={isBusy}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Field
        label="Nombre"
        name="nombre"
        autoComplete={autoComplete('name')}
        maxLength={PERSON_NAME_MAX_LENGTH}
        error={errors.nombre}
        inputRef={nombreInput}
      />
      <Field
        label="Teléfono o correo electrónico"
        name="contacto"
        autoComplete={autoComplete('tel')}
        maxLength={CONTACTO_MAX_LENGTH}
        error={errors.contacto}
        inputRef={contactoInput}
      />
      <div className="field">
        <label htmlFor={`${id}-motivo`}>Motivo</label>
        <textarea
          ref={motivoInput}
          id={`${id}-motivo`}
          name="motivo"
          rows={4}
          required
          maxLength={MOTIVO_MAX_LENGTH}
          autoComplete="off"
          aria-invalid={errors.motivo ? true : undefined}
          aria-describedby={errors.motivo ? `${id}-motivo-error` : undefined}
        />
        {errors.motivo && (
          <p id={`${id}-motivo-error`} className="field-error">
            {errors.motivo}
          </p>
        )}
      </div>
      <CheckboxField
        label={
          <>
            He leído y acepto los{' '}
            <Link to={paths.screen(tenant, 'terminos-y-condiciones')}>términos y condiciones</Link>
          </>
        }
        name="terminos"
        error={errors.terminos}
        inputRef={terminosInput}
      />
      <div role="alert" className="form-alert">
        {failure}
      </div>
      <button type="submit" className="button-primary" disabled={isBusy}>
        {isBusy ? 'Enviando…' : 'Pedir atención inmediata'}
      </button>
    </form>
  )
}

/** Someone already signed in as a patient asks from their own area, with their history. */
function SignedInNotice({ tenant }: { tenant: string }) {
  const state = useSession()
  if (state.status !== 'verified' || state.user.tenant !== tenant || state.user.invitado) {
    return null
  }
  return (
    <p>
      Ya has iniciado sesión: puedes{' '}
      <Link to={paths.screen(tenant, 'solicitar-asistencia')}>solicitar asistencia</Link> desde tu
      área.
    </p>
  )
}

export function Component() {
  const tenant = useTenant()
  const navigate = useNavigate()
  // Drawn for an ordinary device first (the screen may be prerendered), then as the device is.
  const isKiosk = useSyncExternalStore(subscribeToKioskMode, isKioskMode, () => false)
  const [walkIn, setWalkIn] = useState<WalkIn | null>(null)
  // A new form for each person: nothing typed by the previous one survives in it.
  const [round, setRound] = useState(0)

  async function send(body: SolicitudInmediata) {
    if (isKiosk) {
      try {
        setWalkIn({ body, ticket: (await requestImmediateCare(body)).ticket })
      } catch (error) {
        if (!isUnsentFailure(error)) throw error
        // Offline: the walk-in waits in the outbox, the one thing the kiosk keeps of anyone.
        await keepWalkIn(body)
        setWalkIn({ body, ticket: null })
      }
      return
    }
    const answer = await requestImmediateCare(body)
    if (answer.sesion === null) throw new Error('An immediate request came back without a session')
    await startSession(answer.sesion, tenant)
    // The guest session is read on the way: the held one no longer matches the stored token.
    await navigate(`${paths.screen(tenant, 'atencion-asistencia')}/${answer.asistencia.id}`, {
      replace: true,
    })
  }

  const startOver = useCallback(() => {
    setWalkIn(null)
    setRound((value) => value + 1)
  }, [])

  if (walkIn !== null) {
    return <WalkInScreen walkIn={walkIn} title={SCREEN_TITLES[SCREEN]} onDone={startOver} />
  }
  return (
    <SectionPage title={SCREEN_TITLES[SCREEN]}>
      <p>
        {isKiosk
          ? 'Escribe tus datos y el motivo: te daremos un número de turno y un profesional te llamará.'
          : 'Sin necesidad de cuenta: un profesional del centro te atenderá por aquí en cuanto quede libre.'}
      </p>
      {!isKiosk && (
        <Suspense fallback={null}>
          <SignedInNotice tenant={tenant} />
        </Suspense>
      )}
      <ImmediateCareForm key={round} tenant={tenant} isKiosk={isKiosk} onSent={send} />
    </SectionPage>
  )
}
