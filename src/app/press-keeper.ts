/**
 * Presses made on a screen that is in the HTML (the build rendered it) before the app has taken
 * it over. Without this the browser would send such a form itself, its fields in the URL of a
 * GET. The keeper (`src/press-keeper.ts`, a small script the shell runs before the screen is
 * painted) cancels those submissions and remembers the form pressed; once the app has taken the
 * screen over, the form is pressed again and the app's own handler acts on it. So the screen's
 * button works from its first frame, and what was typed and pressed early is not lost.
 */

/** On `<html>` while a press waits for the app (the button shows it is busy). */
export const KEPT_PRESS_ATTRIBUTE = 'data-kept-press'

/** On `<html>` once the app has taken the screen over: submissions are the app's from then on. */
export const APP_READY_ATTRIBUTE = 'data-app-ready'

// The keeper and the app are separate scripts: the form pressed passes between them on the
// document, under a key both derive from the same name.
const KEPT_FORM = Symbol.for('clinica.kept-press')

type DocumentWithKeptForm = Document & { [KEPT_FORM]?: HTMLFormElement }

/** Cancels every form submission until the app is ready, remembering the last form pressed. */
export function keepPressesUntilReady(doc: Document): void {
  doc.addEventListener(
    'submit',
    (event) => {
      const html = doc.documentElement
      if (html.hasAttribute(APP_READY_ATTRIBUTE)) return
      event.preventDefault()
      // Nor does the app see it while it takes the page over: it acts on the press once, after.
      event.stopPropagation()
      const form = event.target
      if (!(form instanceof HTMLFormElement)) return
      ;(doc as DocumentWithKeptForm)[KEPT_FORM] = form
      html.setAttribute(KEPT_PRESS_ATTRIBUTE, '')
    },
    // Before any handler of the page: nothing sees a press the app cannot act on yet.
    { capture: true },
  )
}

/**
 * Called once the app has taken the page over: submissions pass from now on, and a press kept
 * meanwhile is made again on its form, unless the app painted the page afresh (a signed-in
 * visitor, another URL) and that form is gone.
 */
export function releaseKeptPress(doc: Document): void {
  const html = doc.documentElement
  html.setAttribute(APP_READY_ATTRIBUTE, '')
  const holder = doc as DocumentWithKeptForm
  const form = holder[KEPT_FORM]
  holder[KEPT_FORM] = undefined
  html.removeAttribute(KEPT_PRESS_ATTRIBUTE)
  if (form?.isConnected) form.requestSubmit()
}
