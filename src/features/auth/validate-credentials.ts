/** Sign-in field rules and their Spanish messages. */
export interface CredentialErrors {
  email?: string
  password?: string
}

const MAX_EMAIL_LENGTH = 254
const MAX_PASSWORD_LENGTH = 256
// One @, something on each side, a dot in the domain, no spaces: the shape, not RFC 5322.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function validateCredentials({ email, password }: { email: string; password: string }) {
  const errors: CredentialErrors = {}
  if (email === '') errors.email = 'Introduce tu correo electrónico.'
  else if (email.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(email)) {
    errors.email = 'Introduce un correo electrónico válido, por ejemplo nombre@hospital.es.'
  }
  if (password === '') errors.password = 'Introduce tu contraseña.'
  else if (password.length > MAX_PASSWORD_LENGTH)
    errors.password = 'La contraseña es demasiado larga.'
  return errors
}
