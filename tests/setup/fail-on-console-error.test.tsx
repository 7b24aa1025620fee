/** Proof that the unit setup fails a test on an unexpected console.error, React's included. */
import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { checkConsoleErrors } from './fail-on-console-error'

function ListWithoutKeys() {
  return (
    <ul>
      {['Hospital Central', 'Clínica Norte'].map((name) => (
        // The missing key is the point of this component.
        <li>{name}</li>
      ))}
    </ul>
  )
}

function InvalidNesting() {
  return (
    <p>
      <div>Bloque dentro de un párrafo</div>
    </p>
  )
}

describe('the console.error guard', () => {
  it('records a plain console.error and fails the test with it', () => {
    console.error('algo ha fallado')

    expect(() => {
      checkConsoleErrors()
    }).toThrow('Unexpected console.error: algo ha fallado')
  })

  it.each([
    [
      'a list without keys',
      <ListWithoutKeys key="list" />,
      /unique "key" prop\.\s+Check the render method of `ListWithoutKeys`/,
    ],
    ['a <div> inside a <p>', <InvalidNesting key="nesting" />, /cannot be a descendant of/],
  ])('fails a test whose component makes React warn: %s', (_, element, warning) => {
    render(element)

    expect(() => {
      checkConsoleErrors()
    }).toThrow(warning)
  })

  it('lets a test that expects an error opt in, for that test only', () => {
    const expected = vi.spyOn(console, 'error').mockImplementation(() => undefined)

    console.error('error esperado')

    expect(expected).toHaveBeenCalledExactlyOnceWith('error esperado')
    expect(() => {
      checkConsoleErrors()
    }).not.toThrow()
  })

  it('is armed again in the next test', () => {
    console.error('otra vez')

    expect(() => {
      checkConsoleErrors()
    }).toThrow('Unexpected console.error: otra vez')
  })
})
