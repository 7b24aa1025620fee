import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError, TimeoutError } from '../../lib/api-errors'
import { LoginForm } from './LoginForm'
import { signIn, type SessionUser } from './session'

vi.mock('./session', () => ({ signIn: vi.fn(), preloadSignIn: vi.fn() }))

const signInMock = vi.mocked(signIn)
const USER: SessionUser = { nombre: 'Ana García', rol: 'cliente', tenant: 'hospital-central' }
const TENANT = 'hospital-central'

// Words an untranslated form would show; the UI is Spanish only.
const ENGLISH = /\b(email|password|sign in|log ?in|submit|loading|error|invalid|required|wrong)\b/i

beforeEach(() => {
  signInMock.mockReset()
})

function renderForm() {
  const onSignedIn = vi.fn()
  const user = userEvent.setup()
  const view = render(<LoginForm tenant={TENANT} onSignedIn={onSignedIn} />)
  const email = screen.getByLabelText('Correo electrónico')
  const password = screen.getByLabelText('Contraseña')
  const submit = screen.getByRole('button', { name: 'Entrar' })
  const form = submit.closest('form')
  if (!form) throw new Error('the button is not inside a form')
  return { onSignedIn, user, view, email, password, submit, form }
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
    const { user, email, password, submit, form, onSignedIn, view } = renderForm()

    await user.type(email, '  ana@hospital.es ')
    await user.type(password, ' secreto ')
    await user.click(submit)

    expect(submit).toHaveTextContent('Entrando…')
    expect(submit).toBeDisabled()
    expect(form).toHaveAttribute('aria-busy', 'true')
    expectSpanishOnly(view.container)
    // The email is trimmed; the password is sent as typed.
    expect(signInMock).toHaveBeenCalledExactlyOnceWith({
      email: 'ana@hospital.es',
      password: ' secreto ',
      tenant: TENANT,
    })

    finish(USER)

    await waitFor(() => {
      expect(onSignedIn).toHaveBeenCalledExactlyOnceWith(USER)
    })
  })

  it('does not send twice when submitted again while busy', async () => {
    signInMock.mockImplementation(() => new Promise(() => undefined))
    const { user, email, password, submit, form } = renderForm()
    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'secreto')

    await user.click(submit)
    form.requestSubmit()

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
    const { user, email, password, submit, form, onSignedIn, view } = renderForm()

    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'secreto')
    await user.click(submit)

    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(submit).toBeEnabled()
    expect(submit).toHaveTextContent('Entrar')
    expect(form).toHaveAttribute('aria-busy', 'false')
    expect(onSignedIn).not.toHaveBeenCalled()
    expectSpanishOnly(view.container)
  })

  it('clears the previous failure on a new attempt', async () => {
    signInMock.mockRejectedValueOnce(new ApiError(401, 'invalid_credentials', ''))
    signInMock.mockResolvedValueOnce(USER)
    const { user, email, password, submit, onSignedIn } = renderForm()
    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'mal')
    await user.click(submit)
    expect(await screen.findByText('Correo o contraseña incorrectos.')).toBeInTheDocument()

    await user.clear(password)
    await user.type(password, 'bien')
    await user.click(submit)

    await waitFor(() => {
      expect(onSignedIn).toHaveBeenCalledExactlyOnceWith(USER)
    })
    expect(screen.getByRole('alert')).toBeEmptyDOMElement()
  })

  it('clears a "no connection" message once the server answers again, and only that one', async () => {
    signInMock.mockRejectedValue(new NetworkError('offline'))
    const { user, email, password, submit, view } = renderForm()
    await user.type(email, 'ana@hospital.es')
    await user.type(password, 'secreto')
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent('No hay conexión con el servidor.')

    // An answer from before the failure proves nothing about now.
    view.rerender(
      <LoginForm tenant={TENANT} onSignedIn={vi.fn()} apiAnsweredAt={Date.now() - 60_000} />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('No hay conexión con el servidor.')

    view.rerender(<LoginForm tenant={TENANT} onSignedIn={vi.fn()} apiAnsweredAt={Date.now() + 1} />)
    expect(screen.getByRole('alert')).toBeEmptyDOMElement()
    // What was typed stays.
    expect(email).toHaveValue('ana@hospital.es')

    // A wrong password is not about the connection: it stays whatever the connection does.
    signInMock.mockRejectedValue(new ApiError(401, null, ''))
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos.')
    view.rerender(
      <LoginForm tenant={TENANT} onSignedIn={vi.fn()} apiAnsweredAt={Date.now() + 60_000} />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos.')
  })
})
