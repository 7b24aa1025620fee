/**
 * What the sign-in form and its route action share: the fields, the failure the form shows, and
 * the action itself as the sign-in screens' routes name it. The action's code (and the API
 * client's) loads on the first press, or before it once the form is idle (`preloadSignIn`):
 * a screen nobody has pressed on carries none of it.
 */
import type { ActionFunctionArgs } from 'react-router-dom'

/** What the form shows when sign-in did not succeed. */
export interface SignInFailure {
  /** The address of an account whose password is right but whose email is not confirmed yet. */
  awaitingEmail?: string
  message: string
  /** The hospital the account belongs to, when it was signed in at another one. */
  ownHospital?: string
  /** When a failure to reach the server happened (ms); absent for any other failure. */
  offlineAt?: number
}

/** The form's field names, shared by the form and the action. */
export const SIGN_IN_FIELDS = {
  email: 'email',
  password: 'password',
  isShared: 'compartido',
} as const

/** The sign-in screens' route action (`signInAction`), its code fetched when first needed. */
export async function submitSignIn(args: ActionFunctionArgs) {
  return (await import('./sign-in-action')).signInAction(args)
}
