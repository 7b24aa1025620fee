/** Sign-in field rules and their Spanish messages; the limits are the contract's. */
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../contract/accounts'

export interface CredentialErrors {
  email?: string
  password?: string
}

// One @, something on each side, a dot in the domain, no spaces: the shape, not RFC 5322.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function validateCredentials({ email, password }: { email: string; password: string }) {
  const errors: CredentialErrors = {}
  if (email === '') errors.email = 'Introduce tu correo electrónico.'
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(email)) {
    errors.email = 'Introduce un correo electrónico válido, por ejemplo nombre@hospital.es.'
  }
  if (password === '') errors.password = 'Introduce tu contraseña.'
  else if (password.length > PASSWORD_MAX_LENGTH)
    errors.password = 'La contraseña es demasiado larga.'
  return errors
}
