import './admin.css'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  ROL_LABELS,
  ROLES,
} from '../../contract/accounts'
import { PASSWORD_MIN_LENGTH } from '../../contract/password-rule'
import { hasSpecialties } from '../../contract/permissions'
import {
  ACCOUNT_FIELDS,
  ACCOUNT_INTENTS,
  changeAccount,
  type AccountChange,
  SPECIALTIES_FIELD,
} from './account-changes'
import { accountsQuery, specialtiesQuery, type AccountsSearch } from './admin-queries'
import { chosenSpecialties, SpecialtyChoices } from './SpecialtyChoices'
import { AccountsFilterForm } from './AccountsFilterForm'
import type { Account, Rol } from './admin-api'
import { describeAdminError } from './admin-errors'
import { checkNewAccount, textField } from './form-fields'
import { ActionOutcome, ConfirmDisable, LoadError, Loading } from './PanelStates'
import { usePanelChange } from './use-panel-change'

interface CuentasPanelProps {
  tenant: string
  hospitalName: string
  /** The signed-in administrator's own account: never offered "Desactivar" (the API refuses). */
  ownAccountId?: number
}

/**
 * A hospital's accounts: list, create, disable (after confirming) and re-enable, and reset
 * access with a one-time code. Read through the page's cache (`accountsQuery`) and changed
 * through `account-changes.ts`; every page shown is read again after each change that
 * succeeded. The list comes a page at a time (staff first), with a search; "Mostrar más
 * cuentas" reads the next page.
 */
export function CuentasPanel({ tenant, hospitalName, ownAccountId }: CuentasPanelProps) {
  const headingId = useId()
  const [filter, setFilter] = useState<AccountsSearch>({})
  const list = useInfiniteQuery(accountsQuery(tenant, filter))
  const specialties = useQuery(specialtiesQuery(tenant))
  const [newRol, setNewRol] = useState<Rol>('cliente')
  // The professional whose specialties are being changed, and the answer shown when that form
  // opened: a later answer that is not a refusal (the change done) closes it.
  const [editing, setEditing] = useState<{ id: number; since: AccountChange | undefined }>()
  const changes = usePanelChange(changeAccount)
  const createForm = useRef<HTMLFormElement>(null)
  const { isBusy, outcome, message } = changes

  const offered = (specialties.data ?? [])
    .filter((entry) => entry.activa)
    .map((entry) => entry.nombre)

  // A created account empties the form for the next one.
  useEffect(() => {
    if (outcome?.isCreated) createForm.current?.reset()
  }, [outcome])
  const editingId =
    editing && (outcome === undefined || outcome === editing.since || outcome.isError)
      ? editing.id
      : null

  function onCreate(event: SubmitEvent<HTMLFormElement>) {
    changes.submitForm(event, checkNewAccount, (data) => ({
      [ACCOUNT_FIELDS.intent]: ACCOUNT_INTENTS.create,
      [ACCOUNT_FIELDS.centro]: tenant,
      nombre: textField(data, 'nombre'),
      email: textField(data, 'email'),
      rol: textField(data, 'rol'),
      password: textField(data, 'password'),
      [SPECIALTIES_FIELD]: chosenSpecialties(data),
    }))
  }

  function onSpecialties(event: SubmitEvent<HTMLFormElement>, account: Account) {
    changes.submitForm(
      event,
      () => null,
      (data) => ({
        [ACCOUNT_FIELDS.intent]: ACCOUNT_INTENTS.specialties,
        [ACCOUNT_FIELDS.centro]: tenant,
        [ACCOUNT_FIELDS.id]: String(account.id),
        email: account.email,
        [SPECIALTIES_FIELD]: chosenSpecialties(data),
      }),
    )
  }

  function onChange(intent: string, account: Account) {
    changes.submit({
      [ACCOUNT_FIELDS.intent]: intent,
      [ACCOUNT_FIELDS.centro]: tenant,
      [ACCOUNT_FIELDS.id]: String(account.id),
      email: account.email,
    })
  }

  const issued = outcome?.issued
  const shown = list.data?.pages.flat() ?? []
  // A failed "Mostrar más" keeps the pages shown, under its own message.
  const moreError = list.isFetchNextPageError ? describeAdminError(list.error) : null

  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Cuentas de {hospitalName}</h2>
      <AccountsFilterForm onFilter={setFilter} />
      {list.isPending && <Loading what="las cuentas" />}
      {list.isError && !list.isFetchNextPageError && (
        <LoadError
          error={list.error}
          onRetry={() => {
            void list.refetch()
          }}
        />
      )}
      {list.data &&
        (shown.length === 0 ? (
          filter.buscar || filter.rol ? (
            <p>Ninguna cuenta coincide con la búsqueda.</p>
          ) : (
            <p>Este centro todavía no tiene cuentas. Crea la primera con el formulario.</p>
          )
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Cuentas de {hospitalName}</caption>
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Correo</th>
                  <th scope="col">Perfil</th>
                  <th scope="col">Especialidades</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((account) => (
                  <tr key={account.id}>
                    <th scope="row">{account.nombre}</th>
                    <td>{account.email}</td>
                    <td>{ROL_LABELS[account.rol]}</td>
                    <td>
                      {editingId === account.id ? (
                        <form
                          className="admin-inline-form"
                          noValidate
                          onSubmit={(event) => {
                            onSpecialties(event, account)
                          }}
                        >
                          <SpecialtyChoices
                            offered={offered}
                            chosen={account.especialidades}
                            legend={`Especialidades de ${account.nombre}`}
                          />
                          <div className="admin-actions">
                            <button type="submit" disabled={isBusy}>
                              Guardar especialidades
                            </button>
                            <button
                              type="button"
                              onClick={() => {
                                setEditing(undefined)
                              }}
                            >
                              Cancelar
                            </button>
                          </div>
                        </form>
                      ) : hasSpecialties(account.rol) ? (
                        account.especialidades.join(', ') || 'Ninguna'
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      {!account.activo
                        ? 'Desactivada'
                        : account.invitacion_pendiente
                          ? 'Invitación pendiente'
                          : 'Activa'}
                    </td>
                    <td className="admin-actions">
                      {account.activo && account.invitacion_pendiente && (
                        <button
                          type="button"
                          disabled={isBusy}
                          aria-label={`Reenviar la invitación a ${account.email}`}
                          onClick={() => {
                            onChange(ACCOUNT_INTENTS.resendInvitation, account)
                          }}
                        >
                          Reenviar
                        </button>
                      )}
                      {account.activo &&
                        hasSpecialties(account.rol) &&
                        editingId !== account.id && (
                          <button
                            type="button"
                            disabled={isBusy}
                            aria-label={`Cambiar especialidades de ${account.email}`}
                            onClick={() => {
                              changes.dismiss()
                              setEditing({ id: account.id, since: outcome })
                            }}
                          >
                            Cambiar especialidades
                          </button>
                        )}
                      {account.activo && (
                        <button
                          type="button"
                          disabled={isBusy}
                          // The visible words first, so voice control finds the button by them.
                          aria-label={`Restablecer acceso de ${account.email}`}
                          onClick={() => {
                            onChange(ACCOUNT_INTENTS.resetAccess, account)
                          }}
                        >
                          Restablecer acceso
                        </button>
                      )}
                      {account.activo &&
                        account.id !== ownAccountId &&
                        changes.confirming !== String(account.id) && (
                          <button
                            type="button"
                            disabled={isBusy}
                            aria-label={`Desactivar la cuenta ${account.email}`}
                            onClick={() => {
                              changes.askConfirmation(String(account.id))
                            }}
                          >
                            Desactivar
                          </button>
                        )}
                      {changes.confirming === String(account.id) && (
                        <ConfirmDisable
                          question={`¿Desactivar la cuenta ${account.email}? Sus sesiones se cerrarán.`}
                          isBusy={isBusy}
                          onConfirm={() => {
                            onChange(ACCOUNT_INTENTS.disable, account)
                          }}
                          onCancel={() => {
                            changes.cancelConfirmation()
                          }}
                        />
                      )}
                      {!account.activo && (
                        <button
                          type="button"
                          disabled={isBusy}
                          aria-label={`Reactivar la cuenta ${account.email}`}
                          onClick={() => {
                            onChange(ACCOUNT_INTENTS.enable, account)
                          }}
                        >
                          Reactivar
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.hasNextPage && (
              <button
                type="button"
                disabled={list.isFetchingNextPage}
                onClick={() => {
                  void list.fetchNextPage()
                }}
              >
                {list.isFetchingNextPage ? 'Cargando más cuentas…' : 'Mostrar más cuentas'}
              </button>
            )}
            {moreError !== null && (
              <p role="alert" className="admin-message-error">
                {moreError}
              </p>
            )}
          </div>
        ))}

      <ActionOutcome message={message} />
      {issued && (
        <div className="admin-code" aria-label="Código de acceso">
          <p>
            Código de acceso para <strong>{issued.email}</strong>:{' '}
            <code className="admin-code-value">{issued.codigo}</code>
          </p>
          <p>
            Sirve una sola vez, caduca el {issued.caduca} y no se volverá a mostrar: entrégalo a su
            titular por un canal seguro. Con él podrá elegir una contraseña nueva en «Restablecer
            acceso».
          </p>
        </div>
      )}

      <form
        ref={createForm}
        className="admin-form"
        noValidate
        onSubmit={onCreate}
        onReset={() => {
          setNewRol('cliente')
        }}
      >
        <h3>Nueva cuenta</h3>
        <label>
          Nombre y apellidos
          <input name="nombre" required maxLength={PERSON_NAME_MAX_LENGTH} autoComplete="off" />
        </label>
        <label>
          Correo electrónico
          <input
            name="email"
            type="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="off"
          />
        </label>
        <label>
          Perfil
          <select
            name="rol"
            value={newRol}
            onChange={(event) => {
              setNewRol(event.target.value as Rol)
            }}
          >
            {ROLES.map((rol) => (
              <option key={rol} value={rol}>
                {ROL_LABELS[rol]}
              </option>
            ))}
          </select>
        </label>
        {hasSpecialties(newRol) && <SpecialtyChoices offered={offered} />}
        <p id={`${headingId}-invitation`}>
          Recibirá por correo una invitación para elegir su contraseña. Si no tiene el correo a
          mano, escribe tú una contraseña inicial y entrégasela por un canal seguro.
        </p>
        <label>
          Contraseña inicial (opcional, mínimo {PASSWORD_MIN_LENGTH} caracteres)
          <input
            name="password"
            type="password"
            aria-describedby={`${headingId}-invitation`}
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
          />
        </label>
        <button type="submit" disabled={isBusy}>
          Crear cuenta
        </button>
      </form>
    </section>
  )
}
