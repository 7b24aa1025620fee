import { useId, useState, useSyncExternalStore } from 'react'
import { isInstalledApp } from '../display-mode'
import { useIsHydrated } from '../../../components/use-is-hydrated'
import {
  installPrompt,
  type InstallAvailability,
  type InstallOutcome,
  type InstallPromptStore,
} from './install-prompt'
import { InstallHelpRegion } from './InstallHelpRegion'
import { IosInstallSteps } from './InstallSteps'
import { shouldExplainIosInstall } from './ios-install'

interface InstallHelpProps {
  hospitalName: string
  /** The app's own store unless a test passes another. */
  store?: Pick<InstallPromptStore, 'subscribe' | 'getSnapshot' | 'promptInstall'>
  /** Whether this device installs from Safari's Share menu; read from the browser by default. */
  isIosInstall?: boolean
}

function readUnavailable(): InstallAvailability {
  return 'unavailable'
}

function detectIosInstall(): boolean {
  return shouldExplainIosInstall(navigator, isInstalledApp())
}

/**
 * "Instalar la aplicación" while the browser offers installation, or, on iPhone and iPad (no such
 * offer there), "Cómo instalar la aplicación" revealing the Share-menu steps. Nothing once the
 * app runs installed.
 */
export function InstallHelp({
  hospitalName,
  store = installPrompt,
  isIosInstall,
}: InstallHelpProps) {
  // A prerendered screen offers nothing yet: this device's offer and kind follow hydration.
  const availability = useSyncExternalStore(store.subscribe, store.getSnapshot, readUnavailable)
  const isHydrated = useIsHydrated()
  const [isIosDevice] = useState(() => isIosInstall ?? detectIosInstall())
  const isIos = isHydrated && isIosDevice
  const [isStepsOpen, setIsStepsOpen] = useState(false)
  const [outcome, setOutcome] = useState<InstallOutcome | null>(null)
  const stepsId = useId()

  const canPrompt = availability === 'available' || availability === 'prompting'
  const shouldShowIosSteps = !canPrompt && availability !== 'installed' && isIos

  return (
    <InstallHelpRegion
      status={
        outcome === 'accepted'
          ? `${hospitalName} se ha instalado: ábrela desde tu pantalla de inicio o tus aplicaciones.`
          : undefined
      }
    >
      {canPrompt && (
        <button
          type="button"
          className="button-primary"
          disabled={availability === 'prompting'}
          onClick={() => {
            void store.promptInstall().then(setOutcome)
          }}
        >
          Instalar la aplicación
        </button>
      )}
      {shouldShowIosSteps && (
        <>
          <button
            type="button"
            className="button-secondary"
            aria-expanded={isStepsOpen}
            aria-controls={stepsId}
            onClick={() => {
              setIsStepsOpen((isOpen) => !isOpen)
            }}
          >
            Cómo instalar la aplicación
          </button>
          <div id={stepsId} className="install-help-steps" hidden={!isStepsOpen}>
            <p>Para tener {hospitalName} en tu pantalla de inicio, en Safari:</p>
            <IosInstallSteps hospitalName={hospitalName} />
          </div>
        </>
      )}
    </InstallHelpRegion>
  )
}
