import { afterEach, beforeEach, vi, type MockInstance } from 'vitest'

/**
 * An unexpected `console.error` (a React warning, an unhandled failure) fails the test that
 * logged it. The call is recorded, not thrown: thrown inside a React render, the error would be
 * swallowed by React's recovery and surface, at best, as an unhandled error of no test in
 * particular. `afterEach` then fails the test with the first message and the stack of the call.
 *
 * A test that expects an error opts in explicitly:
 * `vi.spyOn(console, 'error').mockImplementation(() => undefined)` replaces this recorder for that
 * test only (and lets it assert the calls).
 */
let consoleError: MockInstance<typeof console.error>
let unexpected: Error[] = []

function describeValue(value: unknown): string {
  return value instanceof Error ? (value.stack ?? value.message) : String(value)
}

/** The message as the console would print it: React passes `%s` placeholders and values. */
function describeArguments([first, ...rest]: unknown[]): string {
  if (typeof first !== 'string') return [first, ...rest].map(describeValue).join(' ')
  const values = [...rest]
  const message = first.replace(/%[sdio]/g, () =>
    values.length > 0 ? describeValue(values.shift()) : '',
  )
  return [message, ...values.map(describeValue)].join(' ')
}

/** Throws the first unexpected `console.error` recorded since the last check, and forgets them. */
export function checkConsoleErrors(): void {
  const [first] = unexpected
  unexpected = []
  if (first) throw first
}

beforeEach(() => {
  unexpected = []
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(new Error(`Unexpected console.error: ${describeArguments(args)}`))
  })
})

afterEach(() => {
  consoleError.mockRestore()
  checkConsoleErrors()
})
