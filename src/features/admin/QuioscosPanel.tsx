import './admin.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useSyncExternalStore, type SubmitEvent } from 'react'
import { ConfirmButton } from '../../components/ConfirmButton'
import { QUIOSCO_NOMBRE_FIELD, QUIOSCO_NOMBRE_MAX_LENGTH } from '../../contract/kiosks'
import { findFreeTextProblem } from '../../contract/text'
import { readKioskCredential } from '../../lib/kiosk-credential'
import { formatDateTime } from '../../lib/locale'
import { textField, type FieldProblem } from './form-fields'
import { kiosksQuery } from './admin-queries'
import { changeKioskFromPanel, KIOSK_INTENTS } from './kiosk-changes'
import { ActionOutcome, ReadState } from './PanelStates'
import { usePanelChange } from './use-panel-change'

function checkName(data: FormData): FieldProblem | null {
  const problem = findFreeTextProblem(textField(data, 'nombre'), QUIOSCO_NOMBRE_FIELD)
  return problem === null ? null : { field: 'nombre', message: problem }
}

// Read again after each change: the credential is written by the change itself.
const noSubscription = () => () => undefined

/**
 * "Quioscos": the devices of the waiting room that may give walk-in tickets. An administrator
 * enrols the device they are on (it keeps the credential and switches to kiosk mode) and revokes
 * any kiosk, after confirming; a revoked kiosk's walk-ins are refused. Read through the page's cache
 * (`kiosksQuery`), changed through `kiosk-changes.ts`.
 */
export function QuioscosPanel({
  tenant,
  hospitalName,
  onEnrolled,
}: {
  tenant: string
  hospitalName: string
  /** This device was enrolled: it becomes a kiosk. */
  onEnrolled: () => void
}) {
  const headingId = useId()
  const list = useQuery(kiosksQuery(tenant))
  const changes = usePanelChange(changeKioskFromPanel)
  const form = useRef<HTMLFormElement>(null)
  const { isBusy, outcome, message } = changes
  const thisDevice = useSyncExternalStore(
    noSubscription,
    () => readKioskCredential(tenant)?.id ?? null,
    () => null,
  )

  useEffect(() => {
    if (!outcome?.isEnrolled) return
    form.current?.reset()
    onEnrolled()
  }, [outcome, onEnrolled])

  function onEnrol(event: SubmitEvent<HTMLFormElement>) {
    changes.submitForm(event, checkName, (data) => ({
      intent: KIOSK_INTENTS.enrol,
      centro: tenant,
      nombre: textField(data, 'nombre'),
    }))
  }

  const data = list.data
  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Quioscos</h2>
      <p>
        Solo los quioscos dados de alta aquí dan números de turno a quien llega a {hospitalName}.
        Para dar de alta un quiosco, inicia sesión en ese dispositivo y pulsa «Dar de alta este
        dispositivo». Un quiosco revocado deja de admitir visitas presenciales.
      </p>
      <ReadState what="los quioscos" read={list} />
      {data &&
        (data.length === 0 ? (
          <p>Este centro todavía no tiene quioscos.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Quioscos de {hospitalName}</caption>
              <thead>
                <tr>
                  <th scope="col">Quiosco</th>
                  <th scope="col">Alta</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {data.map((quiosco) => (
                  <tr key={quiosco.id}>
                    <th scope="row">
                      {quiosco.nombre}
                      {quiosco.id === thisDevice && quiosco.revocado_en === null
                        ? ' (este dispositivo)'
                        : ''}
                    </th>
                    <td>{formatDateTime(Date.parse(quiosco.creado_en))}</td>
                    <td>
                      {quiosco.revocado_en === null
                        ? 'Activo'
                        : `Revocado el ${formatDateTime(Date.parse(quiosco.revocado_en))}`}
                    </td>
                    <td>
                      {quiosco.revocado_en === null && (
                        <ConfirmButton
                          label="Revocar"
                          accessibleLabel={`Revocar ${quiosco.nombre}`}
                          className="button-secondary"
                          disabled={isBusy}
                          title={`¿Revocar el quiosco ${quiosco.nombre}?`}
                          confirmLabel="Sí, revocar el quiosco"
                          keepLabel="No, mantenerlo"
                          onConfirm={() => {
                            changes.submit({
                              intent: KIOSK_INTENTS.revoke,
                              centro: tenant,
                              id: String(quiosco.id),
                            })
                          }}
                        >
                          <p>
                            Dejará de dar números de turno en cuanto lo confirmes: el centro
                            rechazará las visitas presenciales que se pidan en él. Para volver a
                            usar ese dispositivo como quiosco habrá que darlo de alta de nuevo.
                          </p>
                        </ConfirmButton>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <ActionOutcome message={message} />
      <form ref={form} className="admin-form" noValidate onSubmit={onEnrol}>
        <label>
          Nombre del quiosco
          <input name="nombre" maxLength={QUIOSCO_NOMBRE_MAX_LENGTH} autoComplete="off" />
        </label>
        <button type="submit" disabled={isBusy}>
          Dar de alta este dispositivo
        </button>
      </form>
    </section>
  )
}
