/** Checks of the joining forms, in Spanish, before anything is sent. */
import { isEmailAddress, PERSON_NAME_MAX_LENGTH } from '../../contract/account-rules'
import { findPasswordProblem, PASSWORD_PROBLEM_MESSAGES } from '../../contract/password-rule'

export function emailError(email: string): string | undefined {
  if (email === '') return 'Introduce tu correo electrónico.'
  if (!isEmailAddress(email)) {
    return 'Introduce un correo electrónico válido, por ejemplo nombre@correo.es.'
  }
  return undefined
}

export function nameError(nombre: string): string | undefined {
  if (nombre === '') return 'Introduce tu nombre.'
  if (nombre.length > PERSON_NAME_MAX_LENGTH) {
    return `El nombre puede tener como máximo ${String(PERSON_NAME_MAX_LENGTH)} caracteres.`
  }
  return undefined
}

export function newPasswordError(password: string): string | undefined {
  if (password === '') return 'Introduce una contraseña.'
  const problem = findPasswordProblem(password)
  return problem === null ? undefined : PASSWORD_PROBLEM_MESSAGES[problem]
}

/** The text of a form field, or '' when absent. */
export function fieldText(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
