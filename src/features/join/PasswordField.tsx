import { useId, type Ref } from 'react'
import { PASSWORD_MAX_LENGTH } from '../../contract/account-rules'
import { PASSWORD_POLICY_TEXT } from '../../contract/password-rule'

interface PasswordFieldProps {
  label: string
  name?: string
  error?: string
  inputRef?: Ref<HTMLInputElement>
}

/** A new password's field: the policy is read before typing, a broken rule is said under it. */
export function PasswordField({ label, name = 'password', error, inputRef }: PasswordFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p id={hintId} className="field-hint">
        {PASSWORD_POLICY_TEXT}
      </p>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
