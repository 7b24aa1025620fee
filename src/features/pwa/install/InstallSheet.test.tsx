import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'
import { qrCodeImageUrl } from './install-qr'
import { InstallSheet } from './InstallSheet'

const ADDRESS = 'https://clinica.example/hospital-central'

function renderSheet() {
  const qrImageUrl = qrCodeImageUrl(ADDRESS)
  render(<InstallSheet hospitalName="Hospital Central" code={{ address: ADDRESS, qrImageUrl }} />)
  return qrImageUrl
}

describe('InstallSheet', () => {
  test("is headed with the hospital's name and titled for the tab", () => {
    renderSheet()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Instala la app de Hospital Central',
    )
    expect(document.title).toBe('Instala la app de Hospital Central')
  })

  test('shows the QR code, described by its address, and the address as text', () => {
    const qrImageUrl = renderSheet()
    const qr = screen.getByRole('img', { name: `Código QR de la dirección ${ADDRESS}` })
    expect(qr).toHaveAttribute('src', qrImageUrl)
    expect(within(qr.closest('figure') ?? document.body).getByText(ADDRESS)).toBeVisible()
  })

  test('the QR code is a black-on-white SVG', () => {
    const svg = decodeURIComponent(qrCodeImageUrl(ADDRESS).split(',')[1] ?? '')
    expect(svg).toMatch(/^<svg /)
    expect(svg).toContain('fill="#ffffff"')
    expect(svg).toContain('stroke="#000000"')
  })

  test('has steps for Android and for iPhone, each starting at the address under the code', () => {
    renderSheet()
    for (const [name, browser] of [
      ['En Android', 'Chrome'],
      ['En iPhone o iPad', 'Safari'],
    ] as const) {
      const platform = screen.getByRole('region', { name })
      const [first] = within(platform).getAllByRole('listitem')
      expect(first).toHaveTextContent(`Abre en ${browser} la dirección escrita bajo el código`)
    }
  })

  test('"Imprimir" opens the print dialog', async () => {
    const user = userEvent.setup()
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    renderSheet()
    await user.click(screen.getByRole('button', { name: 'Imprimir' }))
    expect(print).toHaveBeenCalledOnce()
  })

  test('before the address is known, the steps are there and nothing can be printed yet', () => {
    render(<InstallSheet hospitalName="Hospital Central" code={null} />)
    expect(screen.getByRole('region', { name: 'En Android' })).toBeVisible()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeDisabled()
  })
})
