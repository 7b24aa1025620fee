import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'
import type { ServiceWorkerUpdateState } from './register-service-worker'
import { UpdatePrompt } from './UpdatePrompt'

function fakeUpdates(isUpdateWaiting = true) {
  const listeners = new Set<() => void>()
  let state: ServiceWorkerUpdateState = { isUpdateWaiting }
  return {
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

function renderWithForm(updates: ReturnType<typeof fakeUpdates>) {
  return render(
    <>
      <UpdatePrompt updates={updates} />
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
})
