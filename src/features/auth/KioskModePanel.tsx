import { useId, useState, useSyncExternalStore } from 'react'
import { isKioskMode, setKioskMode, subscribeToKioskMode } from './kiosk-mode'

/**
 * For an administrator signed in on a kiosk: the one way to switch kiosk mode off on this device.
 * Render it only for administrators allowed to (see `mayLeaveKioskMode`).
 */
export function KioskModePanel() {
  const titleId = useId()
  const isKiosk = useSyncExternalStore(subscribeToKioskMode, isKioskMode, () => false)
  const [hasSwitchedOff, setHasSwitchedOff] = useState(false)
  if (!isKiosk && !hasSwitchedOff) return null
  return (
    <section className="kiosk-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Modo quiosco</h2>
      <p role="status">
        {isKiosk
          ? 'Este dispositivo está en modo quiosco: letra grande, la sesión se cierra sola tras unos minutos sin uso y las actualizaciones se instalan solas.'
          : 'Modo quiosco desactivado en este dispositivo.'}
      </p>
      {isKiosk && (
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            setKioskMode(false)
            setHasSwitchedOff(true)
          }}
        >
          Desactivar modo quiosco
        </button>
      )}
    </section>
  )
}
