/** The one shape of every error answer of the API, written once with TypeBox. */
import { Type, type Static } from 'typebox'

export const ErrorAnswer = Type.Object({
  /** A stable machine-readable code (`invalid_request`, `stale`, `other_hospital`…). */
  error: Type.String(),
  /** A Spanish sentence the screens may show as it is. */
  message: Type.String(),
  /** Only with `other_hospital`: the hospital whose sign-in the account belongs to. */
  tenant: Type.Optional(Type.String()),
})
export type ErrorAnswer = Static<typeof ErrorAnswer>
