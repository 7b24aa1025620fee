import { useId, type SubmitEvent } from 'react'
import { BUSQUEDA_CUENTAS_MAX_LENGTH, ROL_LABELS, ROLES } from '../../contract/accounts'
import type { AccountsFilter } from './admin-api'
import { textField } from './form-fields'

/** The accounts panel's search: a text found in names and emails, and a role. */
export function AccountsFilterForm({
  onFilter,
}: {
  onFilter: (filter: Pick<AccountsFilter, 'buscar' | 'rol'>) => void
}) {
  const headingId = useId()

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const rol = ROLES.find((value) => value === textField(data, 'rol'))
    onFilter({ buscar: textField(data, 'buscar').trim(), rol })
  }

  return (
    <form role="search" aria-labelledby={headingId} className="admin-form" onSubmit={onSubmit}>
      <h3 id={headingId}>Buscar cuentas</h3>
      <label>
        Nombre o correo
        <input name="buscar" type="search" maxLength={BUSQUEDA_CUENTAS_MAX_LENGTH} />
      </label>
      <label>
        Filtrar por perfil
        <select name="rol" defaultValue="">
          <option value="">Todos</option>
          {ROLES.map((rol) => (
            <option key={rol} value={rol}>
              {ROL_LABELS[rol]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Buscar</button>
    </form>
  )
}
