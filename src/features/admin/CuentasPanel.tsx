import './admin.css'
import { useCallback, useId, useState, type SubmitEvent } from 'react'
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  ROL_LABELS,
  ROLES,
} from '../../contract/accounts'
import {
  createAccount,
  disableAccount,
  listAccounts,
  resetAccess,
  type Account,
  type Rol,
} from './admin-api'
import { textField } from './form-fields'
import { ActionOutcome, LoadError, Loading } from './PanelStates'
import { useAdminAction } from './use-admin-action'
import { useAsyncData } from './use-async-data'

interface IssuedCode {
  email: string
  codigo: string
  caduca: string
}

function formatExpiry(iso: string): string {
  return new Date(iso).toLocaleString('es-ES', { dateStyle: 'long', timeStyle: 'short' })
}

/** A hospital's accounts: list, create, disable, and reset access with a one-time code. */
export function CuentasPanel({ tenant, hospitalName }: { tenant: string; hospitalName: string }) {
  const headingId = useId()
  const load = useCallback(() => listAccounts(tenant), [tenant])
  const [accounts, reload] = useAsyncData(load)
  const [issued, setIssued] = useState<IssuedCode | null>(null)
  const { act, isBusy, message } = useAdminAction(reload)

  function onCreate(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    void act(async () => {
      const created = await createAccount(tenant, {
        nombre: textField(data, 'nombre'),
        email: textField(data, 'email'),
        rol: textField(data, 'rol') as Rol,
        password: textField(data, 'password'),
      })
      form.reset()
      return `Cuenta creada: ${created.email} (${ROL_LABELS[created.rol]}).`
    })
  }

  function onReset(account: Account) {
    setIssued(null)
    void act(async () => {
      const answer = await resetAccess(tenant, account.id)
      setIssued({
        email: account.email,
        codigo: answer.codigo_acceso,
        caduca: formatExpiry(answer.caduca_en),
      })
      return `Código de acceso creado para ${account.email}.`
    })
  }

  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Cuentas de {hospitalName}</h2>
      {accounts.status === 'loading' && <Loading what="las cuentas" />}
      {accounts.status === 'error' && <LoadError error={accounts.error} onRetry={reload} />}
      {accounts.status === 'ready' &&
        (accounts.data.length === 0 ? (
          <p>Este centro todavía no tiene cuentas. Crea la primera con el formulario.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Cuentas de {hospitalName}</caption>
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Correo</th>
                  <th scope="col">Perfil</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {accounts.data.map((account) => (
                  <tr key={account.id}>
                    <th scope="row">{account.nombre}</th>
                    <td>{account.email}</td>
                    <td>{ROL_LABELS[account.rol]}</td>
                    <td>{account.activo ? 'Activa' : 'Desactivada'}</td>
                    <td className="admin-actions">
                      {account.activo && (
                        <>
                          <button
                            type="button"
                            disabled={isBusy}
                            aria-label={`Restablecer el acceso de ${account.email}`}
                            onClick={() => {
                              onReset(account)
                            }}
                          >
                            Restablecer acceso
                          </button>
                          <button
                            type="button"
                            disabled={isBusy}
                            aria-label={`Desactivar la cuenta ${account.email}`}
                            onClick={() => {
                              void act(async () => {
                                await disableAccount(tenant, account.id)
                                return `Cuenta desactivada: ${account.email}. Sus sesiones se han cerrado.`
                              })
                            }}
                          >
                            Desactivar
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
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

      <form className="admin-form" onSubmit={onCreate}>
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
          <select name="rol" defaultValue="cliente">
            {ROLES.map((rol) => (
              <option key={rol} value={rol}>
                {ROL_LABELS[rol]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Contraseña inicial (mínimo {PASSWORD_MIN_LENGTH} caracteres)
          <input
            name="password"
            type="password"
            required
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
