/**
 * Sign-out as a route action (on the hospital's own route): the session goes from this device,
 * then the hospital's sign-in opens; the route empties the page's cache of the user's data.
 */
import { redirect, replace, type ActionFunctionArgs } from 'react-router-dom'
import { paths } from '../../config/paths'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { signOut, wipeSession } from './session'

/** The submitted field that says why the session ends; absent: the user pressed "Cerrar sesión". */
export const SIGN_OUT_REASON_FIELD = 'motivo'

/** A shared device left idle: the full wipe, and the sign-in replaces the screen left behind. */
export const IDLE_SIGN_OUT = 'inactividad'

export async function signOutAction({ request, params }: ActionFunctionArgs) {
  const tenant = params.tenant ?? DEFAULT_TENANT
  const form = await request.formData()
  if (form.get(SIGN_OUT_REASON_FIELD) === IDLE_SIGN_OUT) {
    await wipeSession()
    return replace(paths.login(tenant))
  }
  // Works offline too: everything of the session is on this device.
  await signOut()
  return redirect(paths.login(tenant))
}
