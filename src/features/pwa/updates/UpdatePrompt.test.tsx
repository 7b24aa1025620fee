import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { ServiceWorkerUpdateState } from './register-service-worker'
import { UpdatePrompt } from './UpdatePrompt'

function fakeUpdates(isUpdateWaiting = true) {
  const listeners = new Set<() => void>()
  let state: ServiceWorkerUpdateState = { isUpdateWaiting }
  return {
    setState(next: ServiceWorkerUpdateState) {
      state = next
      for (const listener of listeners) listener()
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => state,
    acceptUpdate: vi.fn(),
    setWaiting(value: boolean) {
      state = { isUpdateWaiting: value }
      for (const listener of listeners) listener()
    },
  }
}

function renderWithForm(
  updates: ReturnType<typeof fakeUpdates>,
  { shouldApplyWhenIdle = false } = {},
) {
  return render(
    <>
      <UpdatePrompt updates={updates} shouldApplyWhenIdle={shouldApplyWhenIdle} />
      <form aria-label="Solicitud">
        <label>
          Nombre <input name="nombre" />
        </label>
      </form>
    </>,
  )
}

describe('UpdatePrompt', () => {
  test('nothing is shown while no update waits, but the live region exists', () => {
    render(<UpdatePrompt updates={fakeUpdates(false)} />)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    expect(screen.queryByRole('button')).toBeNull()
  })

  test('a waiting update is announced with its two choices', () => {
    const updates = fakeUpdates(false)
    render(<UpdatePrompt updates={updates} />)
    const regionBefore = screen.getByRole('status')
    act(() => {
      updates.setWaiting(true)
    })
    // The text lands in the region that was already in the page: that is what gets announced.
    expect(screen.getByRole('status')).toBe(regionBefore)
    expect(screen.getByRole('status')).toHaveTextContent('Nueva versión disponible')
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite')
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Más tarde' })).toBeVisible()
  })

  test('accepting calls the store once and shows progress', async () => {
    const user = userEvent.setup()
    const updates = fakeUpdates()
    render(<UpdatePrompt updates={updates} />)

    await user.click(screen.getByRole('button', { name: 'Actualizar' }))

    expect(updates.acceptUpdate).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Actualizando…' })).toBeDisabled()
  })

  test('"Más tarde" hides it for this page', async () => {
    const user = userEvent.setup()
    render(<UpdatePrompt updates={fakeUpdates()} />)
    await user.click(screen.getByRole('button', { name: 'Más tarde' }))
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  test('stays hidden while a form is being filled and returns once it is gone', async () => {
    const user = userEvent.setup()
    const updates = fakeUpdates(false)
    const { rerender } = renderWithForm(updates)

    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana')
    act(() => {
      updates.setWaiting(true)
    })
    expect(screen.queryByRole('button', { name: 'Actualizar' })).toBeNull()

    await user.clear(screen.getByRole('textbox', { name: 'Nombre' }))
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeVisible()

    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Luis')
    expect(screen.queryByRole('button', { name: 'Actualizar' })).toBeNull()

    // A navigation replaces the form.
    rerender(<UpdatePrompt updates={updates} />)
    expect(await screen.findByRole('button', { name: 'Actualizar' })).toBeVisible()
  })

  test('says what the new version changes, from its release notes', () => {
    const updates = fakeUpdates(false)
    render(<UpdatePrompt updates={updates} />)
    act(() => {
      updates.setState({ isUpdateWaiting: true })
    })
    // Still being read: no guess that changes a moment later.
    expect(screen.queryByText(/Novedades|mejoras/)).toBeNull()

    act(() => {
      updates.setState({
        isUpdateWaiting: true,
        releaseNotes: { version: '2.0.0', notas: ['Citas más rápidas.', 'Letra más grande.'] },
      })
    })
    expect(screen.getByText('Novedades de la versión 2.0.0:')).toBeVisible()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Citas más rápidas.',
      'Letra más grande.',
    ])
  })

  test('without readable notes it still says something true', () => {
    const updates = fakeUpdates(false)
    render(<UpdatePrompt updates={updates} />)
    act(() => {
      updates.setState({ isUpdateWaiting: true, releaseNotes: null })
    })
    expect(screen.getByText('Incluye mejoras y correcciones.')).toBeVisible()
    act(() => {
      updates.setState({ isUpdateWaiting: true, releaseNotes: { version: '2.0.0', notas: [] } })
    })
    expect(screen.getByText('Incluye mejoras y correcciones.')).toBeVisible()
  })
})

describe('UpdatePrompt on a kiosk', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 9, 0, 0) })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('applies a waiting update once nobody has touched the screen for a minute', () => {
    const updates = fakeUpdates(false)
    render(<UpdatePrompt updates={updates} shouldApplyWhenIdle />)
    act(() => {
      updates.setWaiting(true)
    })
    expect(screen.getByText(/Se instalará sola/)).toBeVisible()

    act(() => {
      vi.advanceTimersByTime(40_000)
    })
    // Someone touches the screen: the minute starts again.
    fireEvent.pointerDown(document.body)
    act(() => {
      vi.advanceTimersByTime(59_000)
    })
    expect(updates.acceptUpdate).not.toHaveBeenCalled()

    act(() => {
      vi.advanceTimersByTime(1_000)
    })
    expect(updates.acceptUpdate).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Actualizando…' })).toBeDisabled()
  })

  test('never applies while a form holds input, and does once it is cleared', () => {
    const updates = fakeUpdates(true)
    renderWithForm(updates, { shouldApplyWhenIdle: true })
    const field = screen.getByRole('textbox', { name: 'Nombre' })
    fireEvent.input(field, { target: { value: 'Ana' } })

    act(() => {
      vi.advanceTimersByTime(10 * 60_000)
    })
    expect(updates.acceptUpdate).not.toHaveBeenCalled()
    expect(field).toHaveValue('Ana')

    fireEvent.input(field, { target: { value: '' } })
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(updates.acceptUpdate).toHaveBeenCalledOnce()
  })

  test('outside kiosk mode it waits for a person, however long', () => {
    const updates = fakeUpdates(true)
    render(<UpdatePrompt updates={updates} />)
    act(() => {
      vi.advanceTimersByTime(24 * 3_600_000)
    })
    expect(updates.acceptUpdate).not.toHaveBeenCalled()
  })
})
