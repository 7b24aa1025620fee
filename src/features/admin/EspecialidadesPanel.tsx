import './admin.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { ESPECIALIDAD_MAX_LENGTH } from '../../contract/specialties'
import { findFreeTextProblem } from '../../contract/text'
import { ESPECIALIDAD_FIELD } from '../../contract/care'
import type { Especialidad } from './admin-api'
import { textField, type FieldProblem } from './form-fields'
import { ActionOutcome, ReadState } from './PanelStates'
import { specialtiesQuery } from './admin-queries'
import {
  changeSpecialtyFromPanel,
  SPECIALTY_INTENTS,
  type SpecialtyChange,
} from './specialty-changes'
import { usePanelChange } from './use-panel-change'

/** The first problem of a specialty's name, or null. */
function checkName(data: FormData): FieldProblem | null {
  const problem = findFreeTextProblem(textField(data, 'nombre'), ESPECIALIDAD_FIELD)
  return problem === null ? null : { field: 'nombre', message: problem }
}

/**
 * "Especialidades": the hospital's list, which its professionals, requests and referrals choose
 * from. Add, rename, retire (kept on old records, offered no more) and offer again. Read and
 * changed through the page's cache (`specialtiesQuery`, `specialty-changes.ts`).
 */
export function EspecialidadesPanel({
  tenant,
  hospitalName,
}: {
  tenant: string
  hospitalName: string
}) {
  const headingId = useId()
  const list = useQuery(specialtiesQuery(tenant))
  const changes = usePanelChange(changeSpecialtyFromPanel)
  const addForm = useRef<HTMLFormElement>(null)
  // The specialty being renamed, and the answer shown when its form opened: a later answer that
  // is not a refusal (the rename done) closes it.
  const [renaming, setRenaming] = useState<{ id: number; since: SpecialtyChange | undefined }>()
  const { isBusy, outcome, message } = changes

  useEffect(() => {
    if (outcome?.isDone) addForm.current?.reset()
  }, [outcome])
  const renamingId =
    renaming && (outcome === undefined || outcome === renaming.since || outcome.isError)
      ? renaming.id
      : null

  function onAdd(event: SubmitEvent<HTMLFormElement>) {
    changes.submitForm(event, checkName, (data) => ({
      intent: SPECIALTY_INTENTS.add,
      centro: tenant,
      nombre: textField(data, 'nombre'),
    }))
  }

  function onRename(event: SubmitEvent<HTMLFormElement>, especialidad: Especialidad) {
    changes.submitForm(event, checkName, (data) => ({
      intent: SPECIALTY_INTENTS.rename,
      centro: tenant,
      id: String(especialidad.id),
      nombre: textField(data, 'nombre'),
    }))
  }

  function onToggle(especialidad: Especialidad) {
    changes.submit({
      intent: especialidad.activa ? SPECIALTY_INTENTS.retire : SPECIALTY_INTENTS.restore,
      centro: tenant,
      id: String(especialidad.id),
    })
  }

  const data = list.data
  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Especialidades</h2>
      <p>
        Las especialidades de {hospitalName}: los pacientes las eligen al pedir asistencia, los
        profesionales las tienen en su cuenta y las derivaciones se dirigen a ellas. Una
        especialidad retirada sigue en las consultas que la nombran, pero ya no se ofrece.
      </p>
      <ReadState what="las especialidades" read={list} />
      {data &&
        (data.length === 0 ? (
          <p>Este centro todavía no tiene especialidades. Añade la primera con el formulario.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Especialidades de {hospitalName}</caption>
              <thead>
                <tr>
                  <th scope="col">Especialidad</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {data.map((especialidad) => (
                  <tr key={especialidad.id}>
                    <th scope="row">{especialidad.nombre}</th>
                    <td>{especialidad.activa ? 'Se ofrece' : 'Retirada'}</td>
                    <td>
                      {renamingId === especialidad.id ? (
                        <form
                          className="admin-inline-form"
                          noValidate
                          onSubmit={(event) => {
                            onRename(event, especialidad)
                          }}
                        >
                          <label>
                            Nuevo nombre de {especialidad.nombre}
                            <input
                              name="nombre"
                              defaultValue={especialidad.nombre}
                              maxLength={ESPECIALIDAD_MAX_LENGTH}
                              autoComplete="off"
                            />
                          </label>
                          <div className="admin-actions">
                            <button type="submit" disabled={isBusy}>
                              Guardar nombre
                            </button>
                            <button
                              type="button"
                              onClick={() => {
                                setRenaming(undefined)
                              }}
                            >
                              Cancelar
                            </button>
                          </div>
                        </form>
                      ) : (
                        <div className="admin-actions">
                          <button
                            type="button"
                            disabled={isBusy}
                            aria-label={`Renombrar ${especialidad.nombre}`}
                            onClick={() => {
                              changes.dismiss()
                              setRenaming({ id: especialidad.id, since: outcome })
                            }}
                          >
                            Renombrar
                          </button>
                          <button
                            type="button"
                            disabled={isBusy}
                            aria-label={`${especialidad.activa ? 'Retirar' : 'Ofrecer de nuevo'} ${especialidad.nombre}`}
                            onClick={() => {
                              onToggle(especialidad)
                            }}
                          >
                            {especialidad.activa ? 'Retirar' : 'Ofrecer de nuevo'}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <ActionOutcome message={message} />
      <form ref={addForm} className="admin-form" noValidate onSubmit={onAdd}>
        <label>
          Nueva especialidad
          <input name="nombre" maxLength={ESPECIALIDAD_MAX_LENGTH} autoComplete="off" />
        </label>
        <button type="submit" disabled={isBusy}>
          Añadir especialidad
        </button>
      </form>
    </section>
  )
}
