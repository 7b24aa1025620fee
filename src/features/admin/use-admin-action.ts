import { useState } from 'react'
import { describeAdminError } from './admin-errors'

export interface ActionMessage {
  text: string
  isError: boolean
}

export interface AdminAction {
  /** Runs one change at a time: its Spanish outcome becomes the message, then `onDone`. */
  act: (run: () => Promise<string>) => Promise<void>
  isBusy: boolean
  message: ActionMessage | null
  /** Shows a problem found before any call (a form's field), as an error message. */
  showProblem: (text: string) => void
}

/** A panel's changes: one at a time, each saying how it went, the data reloaded after success. */
export function useAdminAction(onDone: () => void): AdminAction {
  const [message, setMessage] = useState<ActionMessage | null>(null)
  const [isBusy, setBusy] = useState(false)

  async function act(run: () => Promise<string>) {
    setBusy(true)
    setMessage(null)
    try {
      setMessage({ text: await run(), isError: false })
      onDone()
    } catch (error) {
      setMessage({ text: describeAdminError(error), isError: true })
    } finally {
      setBusy(false)
    }
  }

  function showProblem(text: string) {
    setMessage({ text, isError: true })
  }

  return { act, isBusy, message, showProblem }
}
