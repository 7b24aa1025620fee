import { useId, type HTMLInputTypeAttribute, type Ref } from 'react'

interface TextFieldProps {
  label: string
  name: string
  type?: HTMLInputTypeAttribute
  autoComplete?: string
  maxLength?: number
  error?: string
  inputRef?: Ref<HTMLInputElement>
  defaultValue?: string
}

/** A labelled text field whose error message is tied to it. */
export function TextField({
  label,
  name,
  type = 'text',
  error,
  inputRef,
  ...rest
}: TextFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        inputMode={type === 'email' ? 'email' : undefined}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
