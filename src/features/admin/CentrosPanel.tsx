import './admin.css'
import { useId, useState, type SubmitEvent } from 'react'
import { HOSPITAL_NAME_MAX_LENGTH } from '../../contract/branding'
import { TENANT_ID_MAX_LENGTH } from '../../contract/tenants'
import {
  createHospital,
  listHospitals,
  readHospital,
  updateHospital,
  type Hospital,
} from './admin-api'
import { textField } from './form-fields'
import { CuentasPanel } from './CuentasPanel'
import { ActionOutcome, LoadError, Loading } from './PanelStates'
import { useAdminAction } from './use-admin-action'
import { useAsyncData } from './use-async-data'

const DEFAULT_NEW_COLORS = { primario: '#0b5394', secundario: '#38761d' }

/** The product's hospitals: list, create, disable, and each one's accounts. */
export function CentrosPanel() {
  const headingId = useId()
  const [hospitals, reload] = useAsyncData(listHospitals)
  const [selected, setSelected] = useState<Hospital | null>(null)
  const [confirming, setConfirming] = useState<string | null>(null)
  const { act, isBusy, message } = useAdminAction(reload)

  function onCreate(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    void act(async () => {
      const created = await createHospital({
        tenant: textField(data, 'tenant').trim(),
        nombre: textField(data, 'nombre'),
        color_primario: textField(data, 'color_primario'),
        color_secundario: textField(data, 'color_secundario'),
      })
      form.reset()
      setSelected(created)
      return `Centro creado: ${created.nombre} (/${created.tenant}). Crea ahora su cuenta de administración.`
    })
  }

  function onDisable(hospital: Hospital) {
    setConfirming(null)
    void act(async () => {
      const { etag } = await readHospital(hospital.tenant)
      await updateHospital(hospital.tenant, etag, { activo: false })
      if (selected?.tenant === hospital.tenant) setSelected(null)
      return `Centro desactivado: ${hospital.nombre}. Sus cuentas ya no pueden entrar.`
    })
  }

  return (
    <>
      <section className="admin-panel" aria-labelledby={headingId}>
        <h2 id={headingId}>Centros</h2>
        {hospitals.status === 'loading' && <Loading what="los centros" />}
        {hospitals.status === 'error' && <LoadError error={hospitals.error} onRetry={reload} />}
        {hospitals.status === 'ready' &&
          (hospitals.data.length === 0 ? (
            <p>Todavía no hay centros. Crea el primero con el formulario.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">Centros</caption>
                <thead>
                  <tr>
                    <th scope="col">Centro</th>
                    <th scope="col">Dirección</th>
                    <th scope="col">Estado</th>
                    <th scope="col">Acciones</th>
                  </tr>
                </thead>
                <tbody>
                  {hospitals.data.map((hospital) => (
                    <tr key={hospital.tenant}>
                      <th scope="row">{hospital.nombre}</th>
                      <td>/{hospital.tenant}</td>
                      <td>{hospital.activo ? 'Activo' : 'Desactivado'}</td>
                      <td className="admin-actions">
                        {hospital.activo && (
                          <button
                            type="button"
                            aria-label={`Gestionar las cuentas de ${hospital.nombre}`}
                            onClick={() => {
                              setSelected(hospital)
                            }}
                          >
                            Cuentas
                          </button>
                        )}
                        {hospital.activo && confirming !== hospital.tenant && (
                          <button
                            type="button"
                            disabled={isBusy}
                            aria-label={`Desactivar ${hospital.nombre}`}
                            onClick={() => {
                              setConfirming(hospital.tenant)
                            }}
                          >
                            Desactivar
                          </button>
                        )}
                        {confirming === hospital.tenant && (
                          <span className="admin-confirm">
                            ¿Desactivar {hospital.nombre}? Sus cuentas perderán el acceso.{' '}
                            <button
                              type="button"
                              disabled={isBusy}
                              onClick={() => {
                                onDisable(hospital)
                              }}
                            >
                              Sí, desactivar
                            </button>{' '}
                            <button
                              type="button"
                              onClick={() => {
                                setConfirming(null)
                              }}
                            >
                              Cancelar
                            </button>
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        <ActionOutcome message={message} />

        <form className="admin-form" onSubmit={onCreate}>
          <h3>Nuevo centro</h3>
          <label>
            Dirección (aparece en la URL: letras, números y guiones)
            <input name="tenant" required maxLength={TENANT_ID_MAX_LENGTH} autoComplete="off" />
          </label>
          <label>
            Nombre del centro
            <input name="nombre" required maxLength={HOSPITAL_NAME_MAX_LENGTH} autoComplete="off" />
          </label>
          <label>
            Color primario
            <input name="color_primario" type="color" defaultValue={DEFAULT_NEW_COLORS.primario} />
          </label>
          <label>
            Color secundario
            <input
              name="color_secundario"
              type="color"
              defaultValue={DEFAULT_NEW_COLORS.secundario}
            />
          </label>
          <button type="submit" disabled={isBusy}>
            Crear centro
          </button>
        </form>
      </section>
      {selected && (
        <CuentasPanel
          key={selected.tenant}
          tenant={selected.tenant}
          hospitalName={selected.nombre}
        />
      )}
    </>
  )
}
