import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createContext, use } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError, TimeoutError } from '../../lib/api-errors'
import { LoginForm } from './LoginForm'
import { signIn, type SessionUser } from './session'
import { signInAction } from './sign-in-action'

vi.mock('./session', () => ({ signIn: vi.fn(), preloadSignIn: vi.fn() }))

const signInMock = vi.mocked(signIn)
const USER: SessionUser = { nombre: 'Ana García', rol: 'cliente', tenant: 'hospital-central' }
const TENANT = 'hospital-central'

// Words an untranslated form would show; the UI is Spanish only.
const ENGLISH = /\b(email|password|sign in|log ?in|submit|loading|error|invalid|required|wrong)\b/i

beforeEach(() => {
  signInMock.mockReset()
})

// When the API last answered, as the sign-in screen passes it to the form.
const ApiAnsweredAt = createContext<number | null>(null)

function SignInScreen() {
  return <LoginForm apiAnsweredAt={use(ApiAnsweredAt)} />
}

/** The form on its route, whose action is the real sign-in action; the home screens say where. */
function renderForm(url = `/${TENANT}/login`) {
  const router = createMemoryRouter(
    [
      { path: '/:tenant/login', action: signInAction, Component: SignInScreen },
      { path: '/:tenant/cliente', Component: () => <h1>Área del paciente</h1> },
      { path: '/:tenant/directorio', Component: () => <h1>Directorio</h1> },
    ],
    { initialEntries: [url] },
  )
  const user = userEvent.setup()
  const show = (apiAnsweredAt: number | null) => (
    <ApiAnsweredAt value={apiAnsweredAt}>
      <RouterProvider router={router} />
    </ApiAnsweredAt>
  )
  const view = render(show(null))
  const email = screen.getByLabelText('Correo electrónico')
  const password = screen.getByLabelText('Contraseña')
  const submit = screen.getByRole('button', { name: 'Entrar' })
  const form = submit.closest('form')
  if (!form) throw new Error('the button is not inside a form')
  const setApiAnsweredAt = (at: number) => {
    view.rerender(show(at))
  }
  return { router, user, view, email, password, submit, form, setApiAnsweredAt }
}

/** The form's one alert comes to say `text` (it is always there, empty until an answer). */
async function expectAlert(text: string) {
  await waitFor(() => {
    expect(screen.getByRole('alert')).toHaveTextContent(text)
  })
}

function expectSpanishOnly(container: HTMLElement) {
  expect(container.textContent).not.toMatch(ENGLISH)
}

describe('LoginForm', () => {
  it('labels its fields in Spanish with the right input types', () => {
    const { email, password, view } = renderForm()

    expect(email).toHaveAttribute('type', 'email')
    expect(email).toHaveAttribute('autocomplete', 'username')
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('autocomplete', 'current-password')
    expect(screen.getByRole('alert')).toBeEmptyDOMElement()
    expectSpanishOnly(view.container)
  })

  it('explains both empty fields, ties the messages to them and focuses the email', async () => {
    const { user, email, password, submit, view } = renderForm()

    await user.click(submit)

    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Introduce tu correo electrónico.')
    expect(password).toHaveAttribute('aria-invalid', 'true')
    expect(password).toHaveAccessibleDescription('Introduce tu contraseña.')
    expect(email).toHaveFocus()
    expect(signInMock).not.toHaveBeenCalled()
    expectSpanishOnly(view.container)
  })

  it('explains an invalid email', async () => {
    const { user, email, password, submit } = renderForm()

    await user.type(email, 'ana.hospital.es')
    await user.type(password, 'secreto')
    await user.click(submit)

    expect(email).toHaveAccessibleDescription(
      'Introduce un correo electrónico válido, por ejemplo nombre@hospital.es.',
    )
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(password).not.toHaveAttribute('aria-invalid')
    expect(password).not.toHaveAttribute('aria-describedby')
    expect(email).toHaveFocus()
    expect(signInMock).not.toHaveBeenCalled()
  })

  it('focuses the password when only the password is missing', async () => {
    const { user, email, password, submit } = renderForm()

    await user.type(email, 'ana@hospital.es')
    await user.click(submit)

    expect(password).toHaveFocus()
    expect(password).toHaveAccessibleDescription('Introduce tu contraseña.')
    expect(email).not.toHaveAttribute('aria-invalid')
  })

  it('shows "Entrando…", disables the button and marks the form busy while signing in', async () => {
    let finish: (user: SessionUser) => void = () => undefined
    signInMock.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = resolve
        }),
    )
    const { user, email, password, submit, form, view, router } = renderForm()

    await user.type(email, '  ana@hospital.es ')
    await user.type(password, ' secreto ')
    await user.click(submit)

    expect(submit).toHaveTextContent('Entrando…')
    expect(submit).toBeDisabled()
    expect(form).toHaveAttribute('aria-busy', 'true')
    expectSpanishOnly(view.container)
    // The email is trimmed; the password is sent as typed.
    await waitFor(() => {
      expect(signInMock).toHaveBeenCalledExactlyOnceWith({
        email: 'ana@hospital.es',
        password: ' secreto ',
        tenant: TENANT,
      })
    })

    finish(USER)

    // The action redirects to the user's area.
    expect(await screen.findByRole('heading', { name: 'Área del paciente' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/${TENANT}/cliente`)
  })

  it("signs in through the portal into the account's own hospital", async () => {
    signInMock.mockResolvedValue({ ...USER, tenant: 'clinica-sol' })
    const { user, email, password, submit, router } = renderForm('/main/login')

    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'secreto')
    await user.click(submit)

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/clinica-sol/cliente')
    })
    expect(signInMock).toHaveBeenCalledExactlyOnceWith({
      email: 'ana@hospital.es',
      password: 'secreto',
      tenant: 'main',
    })
  })

  it("returns to the screen the expired session was on, within the account's hospital only", async () => {
    signInMock.mockResolvedValue(USER)
    const { user, email, password, submit, router } = renderForm(
      `/${TENANT}/login?caducada=1&volver=${encodeURIComponent(`/${TENANT}/directorio`)}`,
    )

    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'secreto')
    await user.click(submit)

    expect(await screen.findByRole('heading', { name: 'Directorio' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/${TENANT}/directorio`)
  })

  it('keeps the shared-device choice with the session', async () => {
    signInMock.mockResolvedValue(USER)
    const { user, email, password, submit } = renderForm()

    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'secreto')
    await user.click(screen.getByLabelText('Este dispositivo es compartido'))
    await user.click(submit)

    expect(await screen.findByRole('heading', { name: 'Área del paciente' })).toBeInTheDocument()
    expect(localStorage.getItem('dispositivo-compartido')).toBe('1')
  })

  it('does not send twice when submitted again while busy', async () => {
    signInMock.mockImplementation(() => new Promise(() => undefined))
    const { user, email, password, submit, form } = renderForm()
    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'secreto')

    await user.click(submit)
    form.requestSubmit()

    await waitFor(() => {
      expect(signInMock).toHaveBeenCalled()
    })
    expect(signInMock).toHaveBeenCalledOnce()
  })

  it.each<[string, Error, string]>([
    [
      'wrong credentials',
      new ApiError(401, 'invalid_credentials', ''),
      'Correo o contraseña incorrectos.',
    ],
    [
      'too many attempts',
      new ApiError(429, 'rate_limited', ''),
      'Demasiados intentos. Espera un poco y vuelve a intentarlo.',
    ],
    [
      'too many attempts, with the wait the server names',
      new ApiError(429, 'rate_limited', '', {
        error: 'rate_limited',
        message:
          'Demasiados intentos de inicio de sesión. Inténtalo de nuevo dentro de 2 segundos.',
      }),
      'Demasiados intentos de inicio de sesión. Inténtalo de nuevo dentro de 2 segundos.',
    ],
    [
      'a disabled account',
      new ApiError(403, 'account_disabled', ''),
      'Tu cuenta está desactivada. Habla con la administración de tu centro.',
    ],
    [
      'a disabled hospital',
      new ApiError(403, 'hospital_disabled', ''),
      'Este centro está desactivado. Habla con la administración de tu centro.',
    ],
    [
      'a server too busy to check the password',
      new ApiError(503, 'server_busy', ''),
      'El servidor está ocupado. Inténtalo de nuevo en unos segundos.',
    ],
    [
      'no network',
      new NetworkError('offline'),
      'No hay conexión con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
    ],
    [
      'a timeout',
      new TimeoutError('slow'),
      'No hay conexión con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
    ],
    [
      'a server error',
      new ApiError(500, null, ''),
      'No se ha podido iniciar sesión. Inténtalo de nuevo en unos minutos.',
    ],
    [
      'an unexpected failure',
      new Error('boom'),
      'No se ha podido iniciar sesión. Inténtalo de nuevo en unos minutos.',
    ],
  ])('announces %s in Spanish and lets the user retry', async (_, error, message) => {
    signInMock.mockRejectedValue(error)
    const { user, email, password, submit, form, view, router } = renderForm()

    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'secreto')
    await user.click(submit)

    await expectAlert(message)
    expect(submit).toBeEnabled()
    expect(submit).toHaveTextContent('Entrar')
    expect(form).toHaveAttribute('aria-busy', 'false')
    expect(router.state.location.pathname).toBe(`/${TENANT}/login`)
    expect(localStorage.getItem('token')).toBeNull()
    expectSpanishOnly(view.container)
  })

  it('clears the previous failure on a new attempt', async () => {
    signInMock.mockRejectedValueOnce(new ApiError(401, 'invalid_credentials', ''))
    let finish: (user: SessionUser) => void = () => undefined
    signInMock.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          finish = resolve
        }),
    )
    const { user, email, password, submit } = renderForm()
    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'mal')
    await user.click(submit)
    expect(await screen.findByText('Correo o contraseña incorrectos.')).toBeInTheDocument()

    await user.clear(password)
    await user.type(password, 'bien')
    await user.click(submit)

    expect(screen.getByRole('alert')).toBeEmptyDOMElement()
    finish(USER)
    expect(await screen.findByRole('heading', { name: 'Área del paciente' })).toBeInTheDocument()
  })

  it('clears a "no connection" message once the server answers again, and only that one', async () => {
    signInMock.mockRejectedValue(new NetworkError('offline'))
    const { user, email, password, submit, setApiAnsweredAt } = renderForm()
    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'secreto')
    await user.click(submit)
    await expectAlert('No hay conexión con el servidor.')

    // An answer from before the failure proves nothing about now.
    setApiAnsweredAt(Date.now() - 60_000)
    expect(screen.getByRole('alert')).toHaveTextContent('No hay conexión con el servidor.')

    setApiAnsweredAt(Date.now() + 1)
    expect(screen.getByRole('alert')).toBeEmptyDOMElement()
    // What was typed stays.
    expect(email).toHaveValue('ana@hospital.es')

    // A wrong password is not about the connection: it stays whatever the connection does.
    signInMock.mockRejectedValue(new ApiError(401, null, ''))
    await user.click(submit)
    await expectAlert('Correo o contraseña incorrectos.')
    setApiAnsweredAt(Date.now() + 60_000)
    expect(screen.getByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos.')
  })
})
