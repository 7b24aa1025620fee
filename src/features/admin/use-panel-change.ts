import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type SubmitEvent } from 'react'
import { focusField, type FieldProblem } from './form-fields'
import type { ActionMessage } from './PanelStates'

/**
 * One kind of change a panel makes: `perform` sends it and answers how it went (a refusal is an
 * answer, never thrown). Gives its pending state, the row whose disabling awaits confirmation,
 * and what to say about it. A change that succeeded reads again every query shown (the panels'
 * lists, and the branding after an image change) before the panel is free again. A problem
 * found before any call (a form's field) is said like a refused change, and the answer to the
 * previous change goes when a new one starts (an access code never stays after its account
 * changes).
 */
export function usePanelChange<Fields, Answer extends ActionMessage>(
  perform: (fields: Fields) => Promise<Answer>,
) {
  const client = useQueryClient()
  const mutation = useMutation({
    mutationFn: perform,
    // Returned, so the change stays pending until what it touched has been read again.
    onSuccess: (answer) => (answer.isError ? undefined : client.invalidateQueries()),
  })
  const answer = mutation.data
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
  const isBusy = mutation.isPending

  function submit(fields: Fields) {
    setProblem(null)
    setConfirming(null)
    setDismissed(answer)
    mutation.mutate(fields)
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
    toFields: (data: FormData) => Fields,
  ) {
    event.preventDefault()
    if (isBusy) return
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
    /** The answer to the last change, until a new one starts. */
    outcome,
    /** What to say in the panel's outcome region: a problem found here, else the answer. */
    message,
    /** True from the submit until what the change touched has been read again. */
    isBusy,
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
