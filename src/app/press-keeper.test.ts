import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  APP_READY_ATTRIBUTE,
  KEPT_PRESS_ATTRIBUTE,
  keepPressesUntilReady,
  releaseKeptPress,
} from './press-keeper'

/** A form as the build renders it, and what the app's own handler (bubbling) is given. */
function renderForm() {
  document.body.innerHTML = `
    <div id="root"><form><input name="correo" value="ana@example.com" /><button type="submit">Entrar</button></form></div>`
  const form = document.querySelector('form')
  if (!form) throw new Error('no form')
  const handled: { wasCancelledBefore: boolean; correo: FormDataEntryValue | null }[] = []
  form.addEventListener('submit', (event) => {
    handled.push({
      wasCancelledBefore: event.defaultPrevented,
      correo: new FormData(form).get('correo'),
    })
    // The app sends the form itself, as React's handler does.
    event.preventDefault()
  })
  return { form, handled }
}

function press(form: HTMLFormElement): Event {
  const event = new Event('submit', { bubbles: true, cancelable: true })
  form.dispatchEvent(event)
  return event
}

const html = document.documentElement

describe('the press keeper', () => {
  beforeAll(() => {
    keepPressesUntilReady(document)
  })

  afterEach(() => {
    html.removeAttribute(APP_READY_ATTRIBUTE)
    html.removeAttribute(KEPT_PRESS_ATTRIBUTE)
    document.body.innerHTML = ''
  })

  it('stops the browser from sending a form pressed before the app is ready, and shows it waits', () => {
    const { form, handled } = renderForm()

    const event = press(form)

    expect(event.defaultPrevented).toBe(true)
    // Not even the app, should it be halfway through taking the page over.
    expect(handled).toEqual([])
    expect(html.hasAttribute(KEPT_PRESS_ATTRIBUTE)).toBe(true)
  })

  it('presses the kept form again once the app is ready, with what was typed', () => {
    const { form, handled } = renderForm()
    press(form)
    press(form)

    releaseKeptPress(document)

    // Once, however many times it was pressed meanwhile, and not cancelled by the keeper.
    expect(handled).toEqual([{ wasCancelledBefore: false, correo: 'ana@example.com' }])
    expect(html.hasAttribute(KEPT_PRESS_ATTRIBUTE)).toBe(false)
    expect(html.hasAttribute(APP_READY_ATTRIBUTE)).toBe(true)
  })

  it('leaves every press to the app once it is ready', () => {
    const { form, handled } = renderForm()
    releaseKeptPress(document)

    press(form)

    expect(handled).toEqual([{ wasCancelledBefore: false, correo: 'ana@example.com' }])
    expect(html.hasAttribute(KEPT_PRESS_ATTRIBUTE)).toBe(false)
  })

  it('drops a press whose form the app replaced (the page was painted afresh)', () => {
    const { form: prerendered } = renderForm()
    press(prerendered)
    const { handled } = renderForm()

    releaseKeptPress(document)

    expect(handled).toEqual([])
    expect(html.hasAttribute(KEPT_PRESS_ATTRIBUTE)).toBe(false)
  })

  it('presses nothing when nothing was pressed', () => {
    const { handled } = renderForm()

    releaseKeptPress(document)

    expect(handled).toEqual([])
    expect(html.hasAttribute(APP_READY_ATTRIBUTE)).toBe(true)
  })
})
