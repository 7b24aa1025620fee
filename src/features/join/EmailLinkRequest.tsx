import './join.css'
import { useRef, useState, type SubmitEvent } from 'react'
import { TextField } from './TextField'
import { describeJoinError } from './join-errors'
import { emailError, fieldText } from './validate-join'

interface EmailLinkRequestProps {
  /** The button's text ("Enviar otro enlace", "Enviar enlace"). */
  action: string
  /** Sends the request for the address; the answer is the same whether or not it has an account. */
  send: (email: string) => Promise<void>
  /** What to say once sent: never whether the address has an account. */
  sentText: string
  defaultEmail?: string
}

/** Asks for a link by email: one address, one button, the same answer for every address. */
export function EmailLinkRequest({ action, send, sentText, defaultEmail }: EmailLinkRequestProps) {
  const emailInput = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | undefined>()
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null)
  const [isBusy, setBusy] = useState(false)

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isBusy) return
    const email = fieldText(new FormData(event.currentTarget), 'email').trim()
    const found = emailError(email)
    setError(found)
    setOutcome(null)
    if (found) {
      emailInput.current?.focus()
      return
    }
    setBusy(true)
    try {
      await send(email)
      setOutcome({ text: sentText, isError: false })
    } catch (failure) {
      setOutcome({ text: describeJoinError(failure), isError: true })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="join-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label="Correo electrónico"
        name="email"
        type="email"
        autoComplete="email"
        error={error}
        inputRef={emailInput}
        defaultValue={defaultEmail}
      />
      <div role="status">{outcome && !outcome.isError && <p>{outcome.text}</p>}</div>
      <div role="alert" className="form-alert">
        {outcome?.isError && outcome.text}
      </div>
      <button type="submit" className="button-primary" disabled={isBusy}>
        {isBusy ? 'Enviando…' : action}
      </button>
    </form>
  )
}
