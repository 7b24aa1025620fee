import { useEffect, useRef, useSyncExternalStore } from 'react'
import { describeConnection } from './connection-message'
import {
  connectionMonitor,
  type ConnectionMonitor,
  type ConnectionState,
} from './connection-status'
import { ConnectionStatusRegion } from './ConnectionStatusRegion'

interface ConnectionStatusProps {
  /** The app's own monitor unless a test passes another. */
  monitor?: Pick<ConnectionMonitor, 'subscribe' | 'getSnapshot'>
}

// What a prerendered screen shows: no message; the real state follows hydration.
const PRERENDERED_STATE: ConnectionState = {
  isReachable: true,
  isRestored: false,
  lastReachableAt: null,
  checkedAt: 0,
}
function readPrerendered(): ConnectionState {
  return PRERENDERED_STATE
}

/** The custom property on `<html>` that holds the banner's height while it shows (CSS px). */
export const BANNER_HEIGHT_PROPERTY = '--alto-aviso-conexion'

/**
 * Keeps `BANNER_HEIGHT_PROPERTY` at the banner's height: the page keeps that much room at the
 * bottom of the window when it scrolls a control into view, so the banner lying there never hides
 * the control that has the focus (WCAG 2.2, 2.4.11 Focus Not Obscured).
 */
function useBannerHeightOnRoot() {
  const banner = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = banner.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const root = element.ownerDocument.documentElement
    const observer = new ResizeObserver(() => {
      root.style.setProperty(BANNER_HEIGHT_PROPERTY, `${String(element.offsetHeight)}px`)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty(BANNER_HEIGHT_PROPERTY)
    }
  }, [])
  return banner
}

/**
 * "Sin conexión · última conexión hace 5 minutos" while the API cannot be reached (refreshed with
 * every 30-s probe), then "Conexión restablecida" for a moment. Announced politely.
 */
export function ConnectionStatus({ monitor = connectionMonitor }: ConnectionStatusProps) {
  const state = useSyncExternalStore(monitor.subscribe, monitor.getSnapshot, readPrerendered)
  const message = describeConnection(state)
  const tone = !state.isReachable ? 'offline' : message ? 'restored' : 'online'
  const banner = useBannerHeightOnRoot()

  return <ConnectionStatusRegion ref={banner} tone={tone} message={message} />
}
