/**
 * Proof that the unit setup fails a test on an unexpected console.error, including the
 * development warnings React reports through console.error.
 */
import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { checkConsoleErrors } from './fail-on-console-error'

function ListWithDuplicateKeys() {
  return (
    <ul>
      {['Hospital Central', 'Hospital Central'].map((name) => (
        // The repeated key is the point of this component.
        <li key={name}>{name}</li>
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
      'a list with duplicate keys',
      <ListWithDuplicateKeys key="list" />,
      /Encountered two children with the same key, `Hospital Central`/,
    ],
    [
      'a <div> inside a <p>',
      <InvalidNesting key="nesting" />,
      /In HTML, <div> cannot be a descendant of <p>/,
    ],
  ])('fails a test whose component gets a development warning: %s', (_, element, warning) => {
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
