import { useId } from 'react'

/**
 * A professional's specialties as checkboxes named `especialidades`, one per specialty the
 * hospital offers; `chosen` are ticked at first.
 */
export function SpecialtyChoices({
  offered,
  chosen = [],
  legend = 'Especialidades',
}: {
  offered: readonly string[]
  chosen?: readonly string[]
  legend?: string
}) {
  const hintId = useId()
  return (
    <fieldset
      className="admin-choices"
      aria-describedby={offered.length === 0 ? hintId : undefined}
    >
      <legend>{legend}</legend>
      {offered.length === 0 ? (
        <p id={hintId}>
          Este centro todavía no ofrece especialidades: añádelas en «Especialidades».
        </p>
      ) : (
        offered.map((nombre) => (
          <label key={nombre}>
            <input
              type="checkbox"
              name="especialidades"
              value={nombre}
              defaultChecked={chosen.includes(nombre)}
            />
            {nombre}
          </label>
        ))
      )}
    </fieldset>
  )
}

/** The ticked specialties of a form, as the action's JSON field carries them. */
export function chosenSpecialties(data: FormData): string {
  return JSON.stringify(data.getAll('especialidades').filter((value) => typeof value === 'string'))
}
