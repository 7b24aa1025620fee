import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { PushAlertsControl } from './PushAlertsControl'

describe('PushAlertsControl', () => {
  test('tells an iPhone outside the installed app to install it, with the steps', async () => {
    render(<PushAlertsControl hospitalName="Hospital Central" isKiosk={false} isIosOutsideApp />)
    expect(screen.getByText('Instala la aplicación para recibir avisos')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Activar avisos' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Cómo instalar la aplicación' }))
    expect(screen.getByText(/Añadir a pantalla de inicio/)).toBeVisible()
  })

  test('shows nothing on a kiosk', () => {
    const { container } = render(
      <PushAlertsControl hospitalName="Hospital Central" isKiosk isIosOutsideApp={false} />,
    )
    expect(container).toBeEmptyDOMElement()
  })

  test('says so where the browser has no Web Push', () => {
    render(
      <PushAlertsControl hospitalName="Hospital Central" isKiosk={false} isIosOutsideApp={false} />,
    )
    expect(
      screen.getByText('Este navegador no puede recibir avisos con la aplicación cerrada.'),
    ).toBeVisible()
  })
})
