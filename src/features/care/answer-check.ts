/**
 * The contract's schema checker, loaded on first use: it is a large module, and the screens that
 * need it start drawing (and start their request) before it arrives, instead of waiting for it in
 * their first load.
 */
import type { Static, TSchema } from 'typebox'
import type { Value as ValueModule } from 'typebox/value'
import { InvalidResponseError } from '../../lib/api-errors'

type Checker = typeof ValueModule

let checker: Promise<Checker> | null = null

export function loadChecker(): Promise<Checker> {
  checker ??= import('typebox/value').then((module) => module.Value)
  return checker
}

/** `value` as `schema` describes it, or an `InvalidResponseError`. */
export async function parseAnswer<S extends TSchema>(
  schema: S,
  value: unknown,
): Promise<Static<S>> {
  const Value = await loadChecker()
  if (!Value.Check(schema, value)) throw new InvalidResponseError('Unexpected answer shape')
  return value
}

/** Every entry of a list answer, as `schema` describes it. */
export async function parseList<S extends TSchema>(
  schema: S,
  value: unknown,
): Promise<Static<S>[]> {
  if (!Array.isArray(value)) throw new InvalidResponseError('Expected a list')
  const Value = await loadChecker()
  return value.map((entry: unknown) => {
    if (!Value.Check(schema, entry)) throw new InvalidResponseError('Unexpected answer shape')
    return entry
  })
}
