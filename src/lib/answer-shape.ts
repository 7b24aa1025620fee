/**
 * Reads an API answer against the contract's schema of its shape: the answer is used only when it
 * has that shape, so a screen never renders half a record from a mismatched server.
 */
import type { Static, TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { InvalidResponseError } from './api-errors'

/** `answer` typed as `schema`'s shape; an `InvalidResponseError` when it has another. */
export function readAnswer<S extends TSchema>(schema: S, answer: unknown): Static<S> {
  if (!Value.Check(schema, answer)) {
    throw new InvalidResponseError('The answer does not have the expected shape')
  }
  return answer
}
