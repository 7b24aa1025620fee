/**
 * Whether someone is filling a form: the update prompt (whose reload would lose the input) waits
 * until nothing typed is left unsent.
 */

import { UNSAVED_CHANGES_ATTRIBUTE } from '../../../config/dom-attributes'

export { UNSAVED_CHANGES_ATTRIBUTE }

const IGNORED_INPUT_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image'])

// The option a select shows before anyone touches it: the last one marked `selected`, else the
// first enabled one (a drop-down always shows something).
function defaultSelectedIndex(select: HTMLSelectElement): number {
  const options = [...select.options]
  const marked = options.findLastIndex((option) => option.defaultSelected)
  if (marked !== -1 || select.size > 1) return marked
  return options.findIndex((option) => !option.disabled)
}

function isFieldChanged(field: Element): boolean {
  if (field instanceof HTMLInputElement) {
    if (IGNORED_INPUT_TYPES.has(field.type)) return false
    if (field.type === 'checkbox' || field.type === 'radio') {
      return field.checked !== field.defaultChecked
    }
    if (field.type === 'file') return (field.files?.length ?? 0) > 0
    return field.value !== field.defaultValue
  }
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue
  if (field instanceof HTMLSelectElement) {
    if (field.multiple) {
      return [...field.options].some((option) => option.selected !== option.defaultSelected)
    }
    return field.selectedIndex !== defaultSelectedIndex(field)
  }
  return false
}

/**
 * True while any form field under `root` differs from its default (what the page rendered), or
 * a region is marked with `data-unsaved-changes`. Fields the app controls itself (React
 * `value=`) keep their default in sync, so such forms should set the attribute instead.
 */
export function hasUnsavedFormInput(root: ParentNode): boolean {
  const attribute = UNSAVED_CHANGES_ATTRIBUTE
  if (root.querySelector(`[${attribute}]:not([${attribute}="false"])`)) return true
  return [...root.querySelectorAll('input, textarea, select')].some(isFieldChanged)
}

/**
 * Calls `listener` whenever what `hasUnsavedFormInput` sees may have changed: typing, submitting,
 * resetting, or the page content changing (a navigation unmounting the form).
 */
export function subscribeToFormActivity(doc: Document, listener: () => void): () => void {
  const view = doc.defaultView
  // A reset restores the defaults only after its event: look again once it is done.
  const onReset = () => view?.setTimeout(listener, 0)
  const events = ['input', 'change', 'submit'] as const
  for (const type of events) doc.addEventListener(type, listener, true)
  doc.addEventListener('reset', onReset, true)
  const observer = view ? new view.MutationObserver(listener) : null
  observer?.observe(doc.documentElement, {
    childList: true,
    subtree: true,
    attributeFilter: [UNSAVED_CHANGES_ATTRIBUTE],
  })
  return () => {
    for (const type of events) doc.removeEventListener(type, listener, true)
    doc.removeEventListener('reset', onReset, true)
    observer?.disconnect()
  }
}
