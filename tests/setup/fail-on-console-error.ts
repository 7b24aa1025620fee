import { afterEach, beforeEach, vi } from 'vitest'

// An unexpected console.error (a React warning, an unhandled failure) fails the test.
// Tests that expect one spy on console.error themselves, which replaces this spy.
let consoleError: { mockRestore: () => void }

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => {
  consoleError.mockRestore()
})
