import { useEffect } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import {
  KIOSK_PARAM,
  kioskSwitchFor,
  setKioskMode,
  showKioskMode,
} from '../../features/auth/kiosk-mode'
import { mayLeaveKioskMode } from '../../features/auth/kiosk-policy'
import { useSessionIfKnown } from '../tenant-route'

/**
 * Applies `?kiosco=1` / `?kiosco=0` from any address of the hospital, then takes the parameter
 * out of the URL (a bookmark or a shared link never carries it on), and keeps `<html>` marked
 * while the device is a kiosk.
 */
export function KioskSwitch({ tenant, isKiosk }: { tenant: string; isKiosk: boolean }) {
  // Decided once the session is known: only an administrator may turn kiosk mode off.
  const state = useSessionIfKnown()
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const requested = searchParams.get(KIOSK_PARAM)

  useEffect(() => {
    showKioskMode(document.documentElement, isKiosk)
  }, [isKiosk])

  useEffect(() => {
    if (requested === null || state === undefined) return
    const isAdmin = state.status === 'verified' && mayLeaveKioskMode(state.user, tenant)
    const decision = kioskSwitchFor(requested, isAdmin)
    if (decision !== 'ignore') setKioskMode(decision === 'on')
    const rest = new URLSearchParams(location.search)
    rest.delete(KIOSK_PARAM)
    const search = rest.toString()
    void navigate(
      { pathname: location.pathname, search: search && `?${search}`, hash: location.hash },
      { replace: true },
    )
  }, [requested, state, tenant, location, navigate])

  return null
}
