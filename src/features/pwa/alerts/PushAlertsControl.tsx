import { useEffect, useId, useState } from 'react'
import {
  forgetDevice,
  hasPushApis,
  isPushSubscriptionChangedMessage,
  PushSetupError,
  PUSH_MESSAGES,
  subscribeDevice,
  syncDevice,
} from '../../../lib/push-device'
import { isInstalledApp } from '../display-mode'
import { IosInstallSteps } from '../install/InstallSteps'
import { shouldExplainIosInstall } from '../install/ios-install'
import './PushAlerts.css'

type PushState =
  | { kind: 'checking' }
  | { kind: 'off' }
  | { kind: 'working' }
  | { kind: 'on' }
  | { kind: 'error'; message: string }

interface PushAlertsControlProps {
  hospitalName: string
  /** A kiosk never subscribes: nothing is shown. */
  isKiosk: boolean
  /** Whether this device is an iPhone or iPad in Safari (push only reaches the installed app). */
  isIosOutsideApp?: boolean
}

/**
 * "Activar avisos": lets this device receive alerts with the app closed (Web Push), for the
 * signed-in patient or professional. Never on a kiosk. On start it tells the server this device
 * is the signed-in account's (a shared device follows whoever signed in), and again when the
 * worker reports a renewed subscription.
 */
export function PushAlertsControl({
  hospitalName,
  isKiosk,
  isIosOutsideApp,
}: PushAlertsControlProps) {
  const [isIos] = useState(
    () => isIosOutsideApp ?? shouldExplainIosInstall(navigator, isInstalledApp()),
  )
  const [state, setState] = useState<PushState>({ kind: 'checking' })
  const [isStepsOpen, setIsStepsOpen] = useState(false)
  const stepsId = useId()
  const isAvailable = !isKiosk && !isIos && hasPushApis()

  useEffect(() => {
    if (!isAvailable) return
    let isCurrent = true
    const sync = (previous: string | null) => {
      syncDevice(previous).then(
        (isOn) => {
          if (isCurrent) setState({ kind: isOn ? 'on' : 'off' })
        },
        () => {
          if (isCurrent) setState({ kind: 'off' })
        },
      )
    }
    sync(null)
    const onMessage = (event: MessageEvent) => {
      if (isPushSubscriptionChangedMessage(event.data)) sync(event.data.anterior)
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => {
      isCurrent = false
      navigator.serviceWorker.removeEventListener('message', onMessage)
    }
  }, [isAvailable])

  if (isKiosk) return null
  if (isIos) {
    return (
      <section className="push-alerts" aria-label="Avisos">
        <p>Instala la aplicación para recibir avisos</p>
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
        <div id={stepsId} hidden={!isStepsOpen}>
          <p>
            En iPhone y iPad los avisos solo llegan a la aplicación instalada. Para tener{' '}
            {hospitalName} en tu pantalla de inicio, en Safari:
          </p>
          <IosInstallSteps hospitalName={hospitalName} />
        </div>
      </section>
    )
  }
  if (!isAvailable) {
    return (
      <section className="push-alerts" aria-label="Avisos">
        <p>Este navegador no puede recibir avisos con la aplicación cerrada.</p>
      </section>
    )
  }

  const activate = () => {
    setState({ kind: 'working' })
    subscribeDevice().then(
      () => {
        setState({ kind: 'on' })
      },
      (error: unknown) => {
        setState({
          kind: 'error',
          message: error instanceof PushSetupError ? error.message : PUSH_MESSAGES.failed,
        })
      },
    )
  }

  return (
    <section className="push-alerts" aria-label="Avisos">
      {state.kind === 'on' ? (
        <>
          <p role="status">Avisos activados en este dispositivo.</p>
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              void forgetDevice().then(() => {
                setState({ kind: 'off' })
              })
            }}
          >
            Desactivar avisos
          </button>
        </>
      ) : (
        <>
          <p>Recibe un aviso en este dispositivo aunque tengas la aplicación cerrada.</p>
          <button
            type="button"
            className="button-secondary"
            disabled={state.kind === 'working' || state.kind === 'checking'}
            onClick={activate}
          >
            Activar avisos
          </button>
          {state.kind === 'working' && <p role="status">Activando los avisos…</p>}
          {state.kind === 'error' && <p role="alert">{state.message}</p>}
        </>
      )}
    </section>
  )
}
