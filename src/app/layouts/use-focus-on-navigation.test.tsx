import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom'
import { describe, expect, test } from 'vitest'
import { Link } from '../../components/Link'
import { useFocusOnNavigation } from './use-focus-on-navigation'

function Layout() {
  const main = useFocusOnNavigation<HTMLElement>()
  return (
    <>
      <nav>
        <Link to="/b">Ir a B</Link>
        <Link to="/c">Ir a C</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  )
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        children: [
          { path: '/a', element: <h1 tabIndex={-1}>Pantalla A</h1> },
          { path: '/b', element: <h1 tabIndex={-1}>Pantalla B</h1> },
          { path: '/c', element: <p>Sin título</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('useFocusOnNavigation', () => {
  test('leaves focus alone on the first screen', async () => {
    renderApp()
    await screen.findByRole('heading', { name: 'Pantalla A' })
    expect(document.body).toHaveFocus()
  })

  test("moves focus to the new screen's heading after a navigation", async () => {
    const user = userEvent.setup()
    renderApp()
    await user.click(await screen.findByRole('link', { name: 'Ir a B' }))
    expect(await screen.findByRole('heading', { name: 'Pantalla B' })).toHaveFocus()
  })

  test('falls back to the container when the screen has no heading, and follows Back', async () => {
    const user = userEvent.setup()
    const router = renderApp()
    await user.click(await screen.findByRole('link', { name: 'Ir a C' }))
    await screen.findByText('Sin título')
    expect(screen.getByRole('main')).toHaveFocus()

    await router.navigate(-1)
    expect(await screen.findByRole('heading', { name: 'Pantalla A' })).toHaveFocus()
  })
})
