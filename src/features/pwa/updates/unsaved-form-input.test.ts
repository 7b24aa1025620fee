import { afterEach, describe, expect, test, vi } from 'vitest'
import { hasUnsavedFormInput, subscribeToFormActivity } from './unsaved-form-input'

function find<T extends Element>(root: ParentNode, selector: string, type: new () => T): T {
  const element = root.querySelector(selector)
  if (!(element instanceof type)) throw new Error(`No ${type.name} matches ${selector}`)
  return element
}

function render(html: string): HTMLElement {
  document.body.innerHTML = html
  return document.body
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('hasUnsavedFormInput', () => {
  test('a form as rendered has nothing unsaved', () => {
    render(`<form>
      <input name="email" value="preset@example.es">
      <input type="checkbox" checked>
      <input type="radio" name="r">
      <textarea>text</textarea>
      <select><option>a</option><option>b</option></select>
      <select><option>a</option><option selected>b</option></select>
      <select multiple><option>a</option><option selected>b</option></select>
      <input type="hidden" value="x">
      <input type="submit" value="Enviar">
    </form>`)
    expect(hasUnsavedFormInput(document)).toBe(false)
  })

  test.each([
    [
      'typed text',
      (root: HTMLElement) => {
        find(root, 'input[name="email"]', HTMLInputElement).value = 'ana@example.es'
      },
    ],
    [
      'a ticked checkbox',
      (root: HTMLElement) => {
        find(root, 'input[type="checkbox"]', HTMLInputElement).checked = true
      },
    ],
    [
      'a textarea',
      (root: HTMLElement) => {
        find(root, 'textarea', HTMLTextAreaElement).value = 'nota'
      },
    ],
    [
      'another option',
      (root: HTMLElement) => {
        find(root, 'select', HTMLSelectElement).selectedIndex = 1
      },
    ],
  ])('%s is unsaved input', (_name, change) => {
    const root = render(`<form><input name="email"><input type="checkbox">
      <textarea></textarea><select><option>a</option><option>b</option></select></form>`)
    change(root)
    expect(hasUnsavedFormInput(document)).toBe(true)
  })

  test('a region marked with data-unsaved-changes counts, unless marked false', () => {
    render('<div data-unsaved-changes="false"></div><div data-unsaved-changes></div>')
    expect(hasUnsavedFormInput(document)).toBe(true)
    render('<div data-unsaved-changes="false"></div>')
    expect(hasUnsavedFormInput(document)).toBe(false)
  })

  test('typing the default back clears it', () => {
    const root = render('<input value="a">')
    const input = find(root, 'input', HTMLInputElement)
    input.value = 'b'
    expect(hasUnsavedFormInput(document)).toBe(true)
    input.value = 'a'
    expect(hasUnsavedFormInput(document)).toBe(false)
  })
})

describe('subscribeToFormActivity', () => {
  test('reports input, submit, reset and content changes until unsubscribed', async () => {
    const root = render('<form><input></form>')
    const listener = vi.fn()
    const unsubscribe = subscribeToFormActivity(document, listener)

    find(root, 'input', HTMLInputElement).dispatchEvent(new Event('input', { bubbles: true }))
    expect(listener).toHaveBeenCalledTimes(1)
    find(root, 'form', HTMLFormElement).dispatchEvent(new Event('submit', { bubbles: true }))
    expect(listener).toHaveBeenCalledTimes(2)
    find(root, 'form', HTMLFormElement).reset()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(listener).toHaveBeenCalledTimes(3)
    root.innerHTML = ''
    await Promise.resolve()
    expect(listener).toHaveBeenCalledTimes(4)

    unsubscribe()
    root.innerHTML = '<input>'
    await Promise.resolve()
    expect(listener).toHaveBeenCalledTimes(4)
  })
})
