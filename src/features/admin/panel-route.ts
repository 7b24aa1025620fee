/**
 * What every panel's part of the administration route shares: how a panel's read names the
 * hospital it is about, and how a refused change is answered.
 */
import { data } from 'react-router-dom'
import { isTenantId } from '../../contract/tenants'
import { textField } from './form-fields'

/** The hospital a read names (`?panel={panel}&centro=…`); null when another panel asked. */
export function askedCentro(request: Request, panel: string): string | null {
  const query = new URL(request.url).searchParams
  const centro = query.get('centro')
  return query.get('panel') === panel && centro !== null && isTenantId(centro) ? centro : null
}

// A refused change leaves every loader as it is: a 4xx status tells the router so.
const REFUSED = 422

/** The action's answer to a change that was refused: said by the panel, nothing read again. */
export function refused<Answer>(answer: Answer) {
  return data(answer, { status: REFUSED })
}

/**
 * Makes the change a panel submitted for the hospital its form names (`centro`); a failure is
 * answered with `refusal(error)`, refused, never thrown.
 */
export async function changeNamedHospital<Answer>(
  request: Request,
  change: (form: FormData, centro: string) => Promise<Answer>,
  refusal: (error: unknown) => Answer,
) {
  const form = await request.formData()
  const centro = textField(form, 'centro')
  try {
    if (!isTenantId(centro)) throw new Error('No hospital named for the change')
    return await change(form, centro)
  } catch (error) {
    return refused(refusal(error))
  }
}
