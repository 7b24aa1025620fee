import { useId, type ReactNode, type Ref } from 'react'

interface CheckboxFieldProps {
  /** Read after the box; may hold a link (to the terms it accepts). */
  label: ReactNode
  name: string
  error?: string
  inputRef?: Ref<HTMLInputElement>
}

/** A box that must be ticked to go on (the terms), whose error message is tied to it. */
export function CheckboxField({ label, name, error, inputRef }: CheckboxFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="field field-checkbox">
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="checkbox"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
