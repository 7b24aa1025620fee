/**
 * Reads an API answer against the contract's schema of its shape: the answer is used only when it
 * has that shape, so a screen never renders half a record from a mismatched server. The checker
 * is loaded on first use, not with the first screen: a sign-in form needs none until it is sent.
 */
import type { Static, TSchema } from 'typebox'
import { InvalidResponseError } from './api-errors'

/** Loads the checker ahead of an answer, so a call can fetch it while the request is out. */
export const loadAnswerChecker = () => import('typebox/value')

/** `answer` typed as `schema`'s shape; rejects with an `InvalidResponseError` when it has another. */
export async function readAnswer<S extends TSchema>(
  schema: S,
  answer: unknown,
): Promise<Static<S>> {
  const { Value } = await loadAnswerChecker()
  if (!Value.Check(schema, answer)) {
    throw new InvalidResponseError('The answer does not have the expected shape')
  }
  return answer
}
