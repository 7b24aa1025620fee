import { isEmailAddress } from '../../contract/account-rules'
import { isTenantId } from '../../contract/tenants'
import { findPasswordProblem, PASSWORD_PROBLEM_MESSAGES } from '../../contract/password-rule'

/** The text of a form field, or '' when absent (a file input never feeds these forms). */
export function textField(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}

/** A form field's problem, in Spanish, and the field to put the focus on. */
export interface FieldProblem {
  field: string
  message: string
}

/**
 * The first problem of a new account's fields, or null. The forms use `noValidate`: these
 * messages replace the browser's, which speak the browser's language, not the app's.
 */
export function checkNewAccount(data: FormData): FieldProblem | null {
  if (textField(data, 'nombre').trim() === '') {
    return { field: 'nombre', message: 'Escribe el nombre y apellidos de la cuenta.' }
  }
  if (!isEmailAddress(textField(data, 'email'))) {
    return {
      field: 'email',
      message: 'Escribe un correo electrónico válido, como nombre@centro.es.',
    }
  }
  // No password: the person is invited by email to choose their own.
  const password = textField(data, 'password')
  const passwordProblem = password === '' ? null : findPasswordProblem(password)
  if (passwordProblem !== null) {
    return { field: 'password', message: PASSWORD_PROBLEM_MESSAGES[passwordProblem] }
  }
  return null
}

/** The first problem of a new hospital's fields, or null (the address rules are the server's). */
export function checkNewHospital(data: FormData): FieldProblem | null {
  if (textField(data, 'tenant').trim() === '') {
    return { field: 'tenant', message: 'Escribe la dirección del centro, como hospital-norte.' }
  }
  if (textField(data, 'nombre').trim() === '') {
    return { field: 'nombre', message: 'Escribe el nombre del centro.' }
  }
  return null
}

/** Puts the focus on the named field of `form`, so the person lands where the problem is. */
export function focusField(form: HTMLFormElement, field: string): void {
  const element = form.elements.namedItem(field)
  if (element instanceof HTMLElement) element.focus()
}

/** What a panel's change sends: its form's fields, by name. */
export type ChangeFields = Readonly<Record<string, string>>

/** A field of a change, or '' when absent. */
export function fieldOf(fields: ChangeFields, name: string): string {
  return fields[name] ?? ''
}

/**
 * Sends `change` for the hospital its fields name (`centro`); a failure is answered with
 * `refusal(error)`, never thrown, so the panel says it.
 */
export async function changeNamedHospital<Answer>(
  fields: ChangeFields,
  change: (fields: ChangeFields, centro: string) => Promise<Answer>,
  refusal: (error: unknown) => Answer,
): Promise<Answer> {
  const centro = fieldOf(fields, 'centro')
  try {
    if (!isTenantId(centro)) throw new Error('No hospital named for the change')
    return await change(fields, centro)
  } catch (error) {
    return refusal(error)
  }
}
