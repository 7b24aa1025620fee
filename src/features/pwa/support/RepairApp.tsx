import { useState } from 'react'
import { ConfirmButton } from '../../../components/ConfirmButton'
import { browserRepairEnvironment, repairApp, type RepairEnvironment } from './repair-app'

interface RepairAppProps {
  /** The hospital whose sign-in opens once the device is clean. */
  tenant: string
  /** The browser's own unless a test passes another. */
  environment?: () => RepairEnvironment
}

/**
 * "Reparar la aplicación", behind a confirmation (the shared modal question: focus moves into
 * it, Escape cancels, focus returns to the button): nothing is removed until the person confirms.
 */
export function RepairApp({ tenant, environment = browserRepairEnvironment }: RepairAppProps) {
  const [isRepairing, setIsRepairing] = useState(false)

  return (
    <ConfirmButton
      label={isRepairing ? 'Reparando…' : 'Reparar la aplicación'}
      className="button-secondary"
      disabled={isRepairing}
      title="¿Reparar la aplicación?"
      confirmLabel="Reparar"
      keepLabel="Cancelar"
      onConfirm={() => {
        setIsRepairing(true)
        void repairApp(tenant, environment())
      }}
    >
      <p>
        Se borrará todo lo que la aplicación guarda en este dispositivo: la versión descargada, los
        datos sin conexión y la sesión. Después se abrirá la página de inicio de sesión y la
        aplicación se descargará de nuevo.
      </p>
      <p>Tendrás que volver a iniciar sesión. Lo que no hayas enviado se perderá.</p>
    </ConfirmButton>
  )
}
