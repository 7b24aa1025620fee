/** Sign-in field rules and their Spanish messages; the limits are the contract's. */
import { isEmailAddress, PASSWORD_MAX_LENGTH } from '../../contract/account-rules'

export interface CredentialErrors {
  email?: string
  password?: string
}

export function validateCredentials({ email, password }: { email: string; password: string }) {
  const errors: CredentialErrors = {}
  if (email === '') errors.email = 'Introduce tu correo electrónico.'
  else if (!isEmailAddress(email)) {
    errors.email = 'Introduce un correo electrónico válido, por ejemplo nombre@hospital.es.'
  }
  if (password === '') errors.password = 'Introduce tu contraseña.'
  else if (password.length > PASSWORD_MAX_LENGTH)
    errors.password = 'La contraseña es demasiado larga.'
  return errors
}
