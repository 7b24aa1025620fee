import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, test } from 'vitest'
import { Link } from './Link'

function renderAt(path: string, link: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/hospital-central/login', element: <>{link}</> },
      { path: '/hospital-central/directorio', element: <h1>Directorio</h1> },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('Link', () => {
  test('is a real link to the path, opened by the router without loading the page', async () => {
    const router = renderAt(
      '/hospital-central/login',
      <Link className="header-link" to="/hospital-central/directorio">
        Directorio
      </Link>,
    )
    const link = screen.getByRole('link', { name: 'Directorio' })
    expect(link).toHaveAttribute('href', '/hospital-central/directorio')
    expect(link).toHaveClass('header-link')

    await userEvent.click(link)

    expect(await screen.findByRole('heading', { name: 'Directorio' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/hospital-central/directorio')
  })

  test('a click with a modifier key (a new tab) is left to the browser', () => {
    const router = renderAt(
      '/hospital-central/login',
      <Link to="/hospital-central/directorio">Directorio</Link>,
    )

    fireEvent.click(screen.getByRole('link', { name: 'Directorio' }), { ctrlKey: true })

    expect(router.state.location.pathname).toBe('/hospital-central/login')
  })

  test('its own click handler runs first and may keep the router from opening it', async () => {
    let clicks = 0
    const router = renderAt(
      '/hospital-central/login',
      <Link
        to="/hospital-central/directorio"
        onClick={(event) => {
          clicks += 1
          event.preventDefault()
        }}
      >
        Directorio
      </Link>,
    )

    await userEvent.click(screen.getByRole('link', { name: 'Directorio' }))

    expect(clicks).toBe(1)
    expect(router.state.location.pathname).toBe('/hospital-central/login')
  })
})
