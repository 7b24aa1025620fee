/**
 * Sign-in as a route action: the sign-in screens' form is submitted to it, it asks the API, keeps
 * the session (the token, the shared-device choice) and redirects to where the user goes. The
 * redirect's navigation waits for the signed-in user's read: the session held no longer matches the
 * stored token.
 */
import { data, redirect, type ActionFunctionArgs } from 'react-router-dom'
import { EXPIRED_PARAMS, paths, returnPathWithin } from '../../config/paths'
import { DEFAULT_TENANT, isTenantId } from '../../contract/tenants'
import { ApiError, NetworkError, TimeoutError } from '../../lib/api-errors'
import { signIn } from './session'
import { setSharedDevice } from './shared-device'
import { SIGN_IN_FIELDS, type SignInFailure } from './sign-in-form'

// A failed sign-in changes nothing the loaders read: a 4xx status tells the router to keep them.
const FAILURE_STATUS = 422

function readTextField(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

// The server names the account's hospital only after a correct password (`other_hospital`).
function ownHospitalOf(error: ApiError): string | undefined {
  const tenant = (error.body as { tenant?: unknown } | null)?.tenant
  return typeof tenant === 'string' && isTenantId(tenant) ? tenant : undefined
}

function describeFailure(error: unknown, email: string): SignInFailure {
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

/**
 * Signs in at the screen's hospital. Success redirects to the screen the user was on when the
 * session expired (the URL's return path, when it belongs to the account's hospital), else to
 * the screen of the user's role, in the account's own hospital (the portal lets any account in).
 * Failure answers a `SignInFailure` the form shows.
 */
export async function signInAction({ request, params }: ActionFunctionArgs) {
  const tenant = params.tenant ?? DEFAULT_TENANT
  const form = await request.formData()
  const email = readTextField(form, SIGN_IN_FIELDS.email).trim()
  const password = readTextField(form, SIGN_IN_FIELDS.password)
  try {
    const user = await signIn({ email, password, tenant })
    setSharedDevice(form.get(SIGN_IN_FIELDS.isShared) === 'on')
    const returnTo = new URL(request.url).searchParams.get(EXPIRED_PARAMS.returnTo)
    return redirect(returnPathWithin(user.tenant, returnTo) ?? paths.home(user.tenant, user.rol))
  } catch (error) {
    return data(describeFailure(error, email), { status: FAILURE_STATUS })
  }
}
