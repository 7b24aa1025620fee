import { useEffect, useState } from 'react'
import { SectionPage } from '../../components/SectionPage'
import {
  browserDiagnosticsSources,
  collectDiagnostics,
  diagnosticsRows,
  formatDiagnosticsReport,
  type Diagnostics,
} from '../../features/pwa/support/diagnostics'
import { RepairApp } from '../../features/pwa/support/RepairApp'
import { useTenant } from '../tenant-route'

type CopyState = 'idle' | 'copied' | 'failed'

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No clipboard API (an old browser) or permission refused: the report is offered to copy.
    return false
  }
}

/** "Información técnica": the app's state on this device for support, and a way to repair it. */
export function Component() {
  const tenant = useTenant()
  const [diagnostics, setDiagnostics] = useState<Diagnostics | null>(null)
  const [copyState, setCopyState] = useState<CopyState>('idle')

  useEffect(() => {
    let isCurrent = true
    void collectDiagnostics(tenant, browserDiagnosticsSources()).then((collected) => {
      if (isCurrent) setDiagnostics(collected)
    })
    return () => {
      isCurrent = false
    }
  }, [tenant])

  const report = diagnostics && formatDiagnosticsReport(diagnostics)

  return (
    <SectionPage title="Información técnica">
      <p>
        Si el servicio de soporte te lo pide, copia estos datos y envíaselos. No incluyen ningún
        dato personal.
      </p>
      {diagnostics === null ? (
        <p role="status">Leyendo el estado de la aplicación…</p>
      ) : (
        <dl className="diagnostics">
          {diagnosticsRows(diagnostics).map(([label, value]) => (
            <div key={label} className="diagnostics-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p>
        <button
          type="button"
          className="button-primary"
          disabled={report === null}
          onClick={() => {
            if (report === null) return
            void copyText(report).then((isCopied) => {
              setCopyState(isCopied ? 'copied' : 'failed')
            })
          }}
        >
          Copiar
        </button>
      </p>
      <p role="status">
        {copyState === 'copied' && 'Información copiada. Pégala en tu mensaje al soporte.'}
        {copyState === 'failed' &&
          'No se ha podido copiar automáticamente. Selecciona el texto de abajo y cópialo.'}
      </p>
      {copyState === 'failed' && report !== null && (
        <textarea
          className="diagnostics-report"
          aria-label="Información técnica en texto"
          readOnly
          rows={16}
          value={report}
          onFocus={(event) => {
            event.currentTarget.select()
          }}
        />
      )}
      <h2>¿La aplicación no funciona bien?</h2>
      <p>
        Si se queda en blanco, muestra una versión antigua o dice que no hay espacio, repárala:
        quedará como recién instalada.
      </p>
      <RepairApp tenant={tenant} />
    </SectionPage>
  )
}
