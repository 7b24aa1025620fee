import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CheckboxField } from './CheckboxField'

describe('CheckboxField', () => {
  it('is a required box named by its label, with nothing to describe it while valid', () => {
    render(<CheckboxField label="Acepto los términos" name="terminos" />)
    const box = screen.getByRole('checkbox', { name: 'Acepto los términos' })
    expect(box).toBeRequired()
    expect(box).toHaveAttribute('name', 'terminos')
    expect(box).not.toHaveAttribute('aria-invalid')
    expect(box).not.toHaveAttribute('aria-describedby')
  })

  it('ties its error to the box, so a screen reader reads it with the box', () => {
    render(
      <CheckboxField
        label={
          <>
            Acepto los <a href="/terminos">términos</a>
          </>
        }
        name="terminos"
        error="Debes aceptar los términos."
      />,
    )
    const box = screen.getByRole('checkbox', { name: 'Acepto los términos' })
    expect(box).toBeInvalid()
    expect(box).toHaveAccessibleDescription('Debes aceptar los términos.')
  })
})
