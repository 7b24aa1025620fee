import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import './fail-on-console-error'

// An unit test never reaches the network: a request nobody mocked is an error.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : input.toString()
      throw new Error(`Unmocked fetch in a unit test: ${url}`)
    }),
  )
})

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
