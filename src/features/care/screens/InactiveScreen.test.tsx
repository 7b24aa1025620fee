import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { Actor } from '../../../contract/permissions'
import { InactiveScreen } from './InactiveScreen'

function renderScreen(props: {
  motivo: string
  user: Actor | null
  telefono: string | null
  cierre?: string | null
}) {
  render(
    <MemoryRouter>
      <InactiveScreen tenant="hospital-central" {...props} />
    </MemoryRouter>,
  )
}

describe('the inactive-consultation screen', () => {
  it('tells the patient the hospital closed their request, and why', () => {
    renderScreen({
      motivo: 'cancelada',
      cierre: 'Servicio saturado: acuda a urgencias.',
      user: { rol: 'cliente', tenant: 'hospital-central' },
      telefono: null,
    })
    expect(screen.getByText('El centro ha cerrado tu solicitud.')).toBeVisible()
    expect(screen.getByText('Servicio saturado: acuda a urgencias.')).toBeVisible()
  })

  it('tells someone whose immediate request expired to call the hospital, and offers to ask again', () => {
    renderScreen({ motivo: 'caducada', user: null, telefono: '+34 910 000 000' })
    expect(screen.getByText('Esta solicitud ha caducado.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '+34 910 000 000' })).toHaveAttribute(
      'href',
      'tel:+34910000000',
    )
    expect(screen.getByRole('link', { name: 'Pedir atención inmediata' })).toHaveAttribute(
      'href',
      '/hospital-central/atencion-profesional-publica-inmediata',
    )
  })

  it('offers no phone for a request that was not left waiting, nor when the hospital has none', () => {
    renderScreen({
      motivo: 'finalizada',
      user: { rol: 'cliente', tenant: 'hospital-central' },
      telefono: '+34 910 000 000',
    })
    expect(screen.queryByRole('link', { name: '+34 910 000 000' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Solicitar una nueva asistencia' })).toBeVisible()
  })

  it('says nothing of a phone the hospital does not have', () => {
    renderScreen({ motivo: 'caducada', user: null, telefono: null })
    expect(screen.queryByText(/llama al centro/)).toBeNull()
  })

  it('tells a professional what became of the request, with no patient advice', () => {
    for (const motivo of ['finalizada', 'cancelada', 'caducada']) {
      const { unmount } = render(
        <MemoryRouter>
          <InactiveScreen
            tenant="hospital-central"
            motivo={motivo}
            user={{ rol: 'profesional', tenant: 'hospital-central' }}
            telefono="+34 910 000 000"
          />
        </MemoryRouter>,
      )
      expect(screen.queryByText(/solicita una nueva asistencia|puedes solicitar/i)).toBeNull()
      expect(screen.queryByText(/llama al centro/)).toBeNull()
      expect(screen.queryByRole('link', { name: /Solicitar/ })).toBeNull()
      expect(screen.getByRole('link', { name: 'Ir a mi área' })).toBeVisible()
      unmount()
    }
    render(
      <MemoryRouter>
        <InactiveScreen
          tenant="hospital-central"
          motivo="cancelada"
          user={{ rol: 'profesional', tenant: 'hospital-central' }}
          telefono={null}
        />
      </MemoryRouter>,
    )
    expect(
      screen.getByText('El paciente la canceló antes de que nadie la atendiera.'),
    ).toBeVisible()
  })
})
