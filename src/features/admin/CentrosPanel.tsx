import './admin.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react'
import { HOSPITAL_NAME_MAX_LENGTH } from '../../contract/branding-answer'
import { HOSPITAL_SLUG_MAX_LENGTH } from '../../contract/tenants'
import type { Hospital } from './admin-api'
import { AuditoriaPanel } from './AuditoriaPanel'
import { checkNewHospital, textField } from './form-fields'
import { CuentasPanel } from './CuentasPanel'
import { FuncionamientoPanel } from './FuncionamientoPanel'
import { ImagenCentroPanel } from './ImagenCentroPanel'
import { PuestaEnMarchaPanel } from './PuestaEnMarchaPanel'
import { hospitalsQuery } from './admin-queries'
import {
  changeHospital,
  HOSPITAL_FIELDS,
  HOSPITAL_INTENTS,
  type HospitalChange,
} from './hospital-changes'
import { ActionOutcome, ConfirmDisable, ReadState } from './PanelStates'
import { usePanelChange } from './use-panel-change'

const DEFAULT_NEW_COLORS = { primario: '#0b5394', secundario: '#38761d' }

/**
 * The product's hospitals: list, create, disable (after confirming) and re-enable; the chosen
 * one's image (name, colours, logo), accounts and audit log. Read through the page's cache
 * (`hospitalsQuery`), changed through `hospital-changes.ts`; the list is read again after each
 * change that succeeded.
 */
export function CentrosPanel({
  termsPanel,
}: {
  /** The managed hospital's terms editor, which belongs to joining. */
  termsPanel?: (hospital: { tenant: string; nombre: string }) => ReactNode
} = {}) {
  const headingId = useId()
  const list = useQuery(hospitalsQuery())
  const changes = usePanelChange(changeHospital)
  const createForm = useRef<HTMLFormElement>(null)
  const [selected, setSelected] = useState<Hospital | null>(null)
  const { isBusy, outcome, message } = changes

  // A created hospital empties the form and is chosen, so its administration account comes
  // next; a disabled one is no longer managed.
  const [handled, setHandled] = useState<HospitalChange>()
  if (outcome && outcome !== handled) {
    setHandled(outcome)
    if (outcome.created) setSelected(outcome.created)
    if (outcome.disabled !== undefined && selected?.tenant === outcome.disabled) setSelected(null)
  }
  useEffect(() => {
    if (outcome?.created) createForm.current?.reset()
  }, [outcome])

  function onCreate(event: SubmitEvent<HTMLFormElement>) {
    changes.submitForm(event, checkNewHospital, (data) => ({
      [HOSPITAL_FIELDS.intent]: HOSPITAL_INTENTS.create,
      [HOSPITAL_FIELDS.centro]: textField(data, 'tenant'),
      [HOSPITAL_FIELDS.nombre]: textField(data, 'nombre'),
      color_primario: textField(data, 'color_primario'),
      color_secundario: textField(data, 'color_secundario'),
    }))
  }

  function onChange(intent: string, hospital: Hospital) {
    changes.submit({
      [HOSPITAL_FIELDS.intent]: intent,
      [HOSPITAL_FIELDS.centro]: hospital.tenant,
      [HOSPITAL_FIELDS.nombre]: hospital.nombre,
    })
  }

  const hospitals = list.data

  return (
    <>
      <section className="admin-panel" aria-labelledby={headingId}>
        <h2 id={headingId}>Centros</h2>
        <ReadState what="los centros" read={list} />
        {hospitals &&
          (hospitals.length === 0 ? (
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
                  {hospitals.map((hospital) => (
                    <tr key={hospital.tenant}>
                      <th scope="row">{hospital.nombre}</th>
                      <td>/{hospital.tenant}</td>
                      <td>{hospital.activo ? 'Activo' : 'Desactivado'}</td>
                      <td className="admin-actions">
                        {hospital.activo && (
                          <button
                            type="button"
                            aria-label={`Gestionar ${hospital.nombre}: imagen, cuentas y registro`}
                            onClick={() => {
                              setSelected(hospital)
                            }}
                          >
                            Gestionar
                          </button>
                        )}
                        {!hospital.activo && (
                          <button
                            type="button"
                            disabled={isBusy}
                            aria-label={`Reactivar ${hospital.nombre}`}
                            onClick={() => {
                              onChange(HOSPITAL_INTENTS.enable, hospital)
                            }}
                          >
                            Reactivar
                          </button>
                        )}
                        {hospital.activo && changes.confirming !== hospital.tenant && (
                          <button
                            type="button"
                            disabled={isBusy}
                            aria-label={`Desactivar ${hospital.nombre}`}
                            onClick={() => {
                              changes.askConfirmation(hospital.tenant)
                            }}
                          >
                            Desactivar
                          </button>
                        )}
                        {changes.confirming === hospital.tenant && (
                          <ConfirmDisable
                            question={`¿Desactivar ${hospital.nombre}? Sus cuentas perderán el acceso.`}
                            isBusy={isBusy}
                            onConfirm={() => {
                              onChange(HOSPITAL_INTENTS.disable, hospital)
                            }}
                            onCancel={() => {
                              changes.cancelConfirmation()
                            }}
                          />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        <ActionOutcome message={message} />

        <form ref={createForm} className="admin-form" noValidate onSubmit={onCreate}>
          <h3>Nuevo centro</h3>
          <label>
            Dirección (aparece en la URL: letras minúsculas, números y guiones)
            <input name="tenant" required maxLength={HOSPITAL_SLUG_MAX_LENGTH} autoComplete="off" />
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
        <div key={selected.tenant}>
          <PuestaEnMarchaPanel tenant={selected.tenant} hospitalName={selected.nombre} />
          <ImagenCentroPanel tenant={selected.tenant} />
          <CuentasPanel tenant={selected.tenant} hospitalName={selected.nombre} />
          {termsPanel?.(selected)}
          <FuncionamientoPanel tenant={selected.tenant} />
          <AuditoriaPanel tenant={selected.tenant} hospitalName={selected.nombre} />
        </div>
      )}
    </>
  )
}
