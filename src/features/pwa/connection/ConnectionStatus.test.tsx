import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { describeConnection } from './connection-message'
import { createConnectionMonitor, PROBE_INTERVAL_MS, RESTORED_NOTICE_MS } from './connection-status'
import { ConnectionStatus } from './ConnectionStatus'

let clock: number

function setup(isApiUp = false) {
  const monitor = createConnectionMonitor({
    probe: () => Promise.resolve(isApiUp),
    isOnline: () => true,
    target: null,
    now: () => clock,
    shouldProbeOnStart: false,
  })
  render(<ConnectionStatus monitor={monitor} />)
  return monitor
}

beforeEach(() => {
  vi.useFakeTimers()
  clock = Date.parse('2025-03-10T10:00:00Z')
})

afterEach(() => {
  vi.useRealTimers()
})

describe('ConnectionStatus', () => {
  test('says nothing while the API answers, but the live region exists', () => {
    setup()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite')
  })

  test('"Sin conexión" alone when the API was never reached, in the region already there', () => {
    const monitor = setup()
    const regionBefore = screen.getByRole('status')
    act(() => {
      monitor.reportUnreachable()
    })
    expect(screen.getByRole('status')).toBe(regionBefore)
    expect(screen.getByRole('status')).toHaveTextContent(/^Sin conexión$/)
  })

  test('tells how long ago the API last answered, updated every 30 s', async () => {
    const monitor = setup()
    act(() => {
      monitor.reportReachable()
    })
    clock += 5 * 60_000
    act(() => {
      monitor.reportUnreachable()
    })
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sin conexión · última conexión hace 5 minutos',
    )

    clock += PROBE_INTERVAL_MS * 2
    await act(() => vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 2))
    expect(screen.getByRole('status')).toHaveTextContent('última conexión hace 6 minutos')
  })

  test('"Conexión restablecida" when it comes back, then nothing', async () => {
    const monitor = setup()
    act(() => {
      monitor.reportUnreachable()
    })
    act(() => {
      monitor.reportReachable()
    })
    expect(screen.getByRole('status')).toHaveTextContent('Conexión restablecida')

    await act(() => vi.advanceTimersByTimeAsync(RESTORED_NOTICE_MS))
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })
})

describe('describeConnection', () => {
  const base = { isReachable: false, isRestored: false, checkedAt: 3_600_000 }

  test.each([
    [3_600_000 - 20_000, 'Sin conexión · última conexión hace menos de un minuto'],
    [3_600_000 - 60_000, 'Sin conexión · última conexión hace 1 minuto'],
    [0, 'Sin conexión · última conexión hace 1 hora'],
  ])('last reachable at %i → %s', (lastReachableAt, expected) => {
    expect(describeConnection({ ...base, lastReachableAt })).toBe(expected)
  })
})
