import { useState, type SubmitEvent } from 'react'
import { useFetcher, type FetcherSubmitOptions } from 'react-router-dom'
import { focusField, type FieldProblem } from './form-fields'
import type { ActionMessage } from './PanelStates'

/** What a panel's change submits to the administration route's action. */
type ChangeFields = Record<string, string> | FormData

/**
 * One kind of change a panel makes through the administration route's action: submitting it,
 * its pending state, the row whose disabling awaits confirmation, and what to say about it. A
 * problem found before any call (a form's field) is said like a refused change, and the answer
 * to the previous change goes when a new one starts (an access code never stays after its
 * account changes).
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the action's answer, as with useFetcher.
export function usePanelChange<Answer extends ActionMessage>() {
  const fetcher = useFetcher<Answer>()
  // The action answers plain data, which the router hands back as it was.
  const answer = fetcher.data as Answer | undefined
  const [problem, setProblem] = useState<string | null>(null)
  const [dismissed, setDismissed] = useState<Answer>()
  // The row (its key) whose change asks "¿…?" first; any change sent closes the question.
  const [confirming, setConfirming] = useState<string | null>(null)
  const outcome = answer !== dismissed ? answer : undefined
  const message: ActionMessage | null =
    problem !== null
      ? { text: problem, isError: true }
      : outcome
        ? { text: outcome.text, isError: outcome.isError }
        : null

  function submit(fields: ChangeFields, options: Omit<FetcherSubmitOptions, 'method'> = {}) {
    setProblem(null)
    setConfirming(null)
    setDismissed(answer)
    void fetcher.submit(fields, { ...options, method: 'post' })
  }

  /** Clears what the panel says about this change, until the next one. */
  function dismiss() {
    setProblem(null)
    setDismissed(answer)
  }

  /** Says `text` as this change's outcome, without sending anything. */
  function refuse(text: string) {
    setDismissed(answer)
    setProblem(text)
  }

  /**
   * A form's submit: its fields checked first (the first problem said and focused), then
   * `toFields` of them submitted. Nothing while a change is under way.
   */
  function submitForm(
    event: SubmitEvent<HTMLFormElement>,
    check: (data: FormData) => FieldProblem | null,
    toFields: (data: FormData) => Record<string, string>,
  ) {
    event.preventDefault()
    if (fetcher.state !== 'idle') return
    const form = event.currentTarget
    const data = new FormData(form)
    const found = check(data)
    if (found) {
      refuse(found.message)
      focusField(form, found.field)
      return
    }
    submit(toFields(data))
  }

  return {
    /** The action's answer to the last change, until a new one starts. */
    outcome,
    /** What to say in the panel's outcome region: a problem found here, else the answer. */
    message,
    /** True from the submit until the router has read again what the change touched. */
    isBusy: fetcher.state !== 'idle',
    /** The key of the row asking for confirmation, or null. */
    confirming,
    /** Asks for confirmation on the row `key` (a sent change, or `cancelConfirmation`, ends it). */
    askConfirmation: (key: string) => {
      setConfirming(key)
    },
    cancelConfirmation: () => {
      setConfirming(null)
    },
    submit,
    dismiss,
    refuse,
    submitForm,
  }
}
